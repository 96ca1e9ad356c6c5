import type { AnnotationItem, AnnotationQueue, Annotator, ItemRefusal, QueueProgress, Score } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

/** Items, done and held right now, per queue: what a list of queues shows. */
export type QueueCounts = Pick<QueueProgress, 'total' | 'done' | 'held'>;

/** Every read and write is scoped to one project. */
export abstract class AnnotationQueueRepository {
  abstract create(queue: AnnotationQueue): Promise<void>;
  /** Oldest first. */
  abstract list(projectId: string, page: PageRequest): Promise<Page<AnnotationQueue>>;
  abstract findById(projectId: string, id: string): Promise<AnnotationQueue | null>;
  /** For each of the queues named, its counts at `now` (holds past their time do not count). */
  abstract counts(projectId: string, queueIds: string[], now: Date): Promise<Map<string, QueueCounts>>;
  abstract progress(projectId: string, queueId: string, now: Date): Promise<QueueProgress>;
  /** The ids among `traceIds` the project does not hold, in the order given. */
  abstract missingTraces(projectId: string, traceIds: string[]): Promise<string[]>;
  /** Adds the traces not yet in the queue, in the order given, at its back; answers how many were added. */
  abstract addItems(projectId: string, queueId: string, traceIds: string[], now: Date): Promise<number>;
  abstract findItem(projectId: string, queueId: string, itemId: string): Promise<AnnotationItem | null>;
  /**
   * The item the annotator holds (its hold renewed until `holdUntil`), else the first item neither done nor held by
   * anyone else now, held for the annotator until `holdUntil`; null when none is left. Two calls at once never get the
   * same item, and one annotator holds one item of a queue at a time.
   */
  abstract next(projectId: string, queueId: string, annotator: Annotator, now: Date, holdUntil: Date): Promise<AnnotationItem | null>;
  /**
   * Marks the item done by the annotator and stores its scores, together or not at all; refused when the item is
   * done already or held by someone else now.
   */
  abstract complete(
    projectId: string, queueId: string, itemId: string, annotator: Annotator, scores: Score[], now: Date,
  ): Promise<{ item: AnnotationItem } | { refused: ItemRefusal; item: AnnotationItem | null }>;
  /** Releases the annotator's hold and puts the item at the back of the queue; refused as `complete` is. */
  abstract skip(
    projectId: string, queueId: string, itemId: string, annotator: Annotator, now: Date,
  ): Promise<{ item: AnnotationItem } | { refused: ItemRefusal; item: AnnotationItem | null }>;
}
