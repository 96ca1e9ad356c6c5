import { DomainError } from '../shared/domain-error';
import type { InputRule } from '../shared/input-violation';

/** A rubric of score configs that people work through, trace by trace (ARCHITECTURE §18). */
export interface AnnotationQueue {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  /** In the order the rubric asks them. */
  scoreConfigIds: string[];
  createdAt: Date;
  /** The name of the API key that created it. */
  createdBy: string;
}

/** Who works through a queue: the API key behind the call, as `author` records it on scores. */
export interface Annotator {
  id: string;
  name: string;
}

export type AnnotationItemStatus = 'pending' | 'done';

/** One trace waiting in a queue, held by one annotator at a time, done once. */
export interface AnnotationItem {
  id: string;
  projectId: string;
  queueId: string;
  traceId: string;
  status: AnnotationItemStatus;
  /** The last annotator handed it; the hold counts only until `heldUntil`. */
  heldBy: Annotator | null;
  heldUntil: Date | null;
  completedBy: Annotator | null;
  completedAt: Date | null;
  createdAt: Date;
}

/** How long `next` holds an item for its annotator before anyone else may take it. */
export const ANNOTATION_HOLD_MS = 10 * 60 * 1000;
export const MAX_QUEUE_NAME_LENGTH = 200;
export const MAX_QUEUE_DESCRIPTION_LENGTH = 2000;
export const MAX_QUEUE_SCORE_CONFIGS = 20;
/** Traces added by one call. */
export const MAX_QUEUE_ITEMS_PER_CALL = 1000;

export interface NewAnnotationQueue {
  name: string;
  scoreConfigIds: string[];
  description?: string | null;
}

const refuse = (field: Array<string | number>, reason: string, rule: InputRule): DomainError =>
  DomainError.invalidInput([{ field, reason, rule }]);

/** Name 1–200 characters, a rubric of 1–20 distinct configs; whether the configs exist is the use case's to check. */
export function checkedAnnotationQueue(input: NewAnnotationQueue): Pick<AnnotationQueue, 'name' | 'description' | 'scoreConfigIds'> {
  const name = input.name.trim();
  if (name === '') throw refuse(['name'], 'must not be empty', 'text_too_short');
  if (name.length > MAX_QUEUE_NAME_LENGTH) throw refuse(['name'], `must be at most ${MAX_QUEUE_NAME_LENGTH} characters`, 'text_too_long');
  if (input.scoreConfigIds.length === 0) throw refuse(['score_config_ids'], 'a queue needs at least one score config to ask for', 'too_few_items');
  if (input.scoreConfigIds.length > MAX_QUEUE_SCORE_CONFIGS) {
    throw refuse(['score_config_ids'], `at most ${MAX_QUEUE_SCORE_CONFIGS} score configs`, 'too_many_items');
  }
  input.scoreConfigIds.forEach((id, i) => {
    if (input.scoreConfigIds.indexOf(id) !== i) throw refuse(['score_config_ids', i], `${id} is already in the list`, 'invalid_value');
  });
  const description = input.description?.trim() || null;
  if (description && description.length > MAX_QUEUE_DESCRIPTION_LENGTH) {
    throw refuse(['description'], `must be at most ${MAX_QUEUE_DESCRIPTION_LENGTH} characters`, 'text_too_long');
  }
  return { name, description, scoreConfigIds: [...input.scoreConfigIds] };
}

/** Trace ids to add: 1–1000, repeats within the call counted once (a trace is in a queue once). */
export function checkedQueueTraceIds(traceIds: string[]): string[] {
  if (traceIds.length === 0) throw refuse(['trace_ids'], 'name at least one trace', 'too_few_items');
  if (traceIds.length > MAX_QUEUE_ITEMS_PER_CALL) throw refuse(['trace_ids'], `at most ${MAX_QUEUE_ITEMS_PER_CALL} traces per call`, 'too_many_items');
  return [...new Set(traceIds)];
}

/** A scored item's answers, one per config of the queue's rubric. */
export interface OfferedAnnotation {
  configId: string;
  value?: number | boolean | null;
  stringValue?: string | null;
  comment?: string | null;
}

/** Every config of the rubric answered exactly once and nothing else: a completed item carries the whole rubric. */
export function assertAnswersRubric(queue: AnnotationQueue, answers: OfferedAnnotation[]): void {
  const seen = new Set<string>();
  answers.forEach((answer, i) => {
    if (!queue.scoreConfigIds.includes(answer.configId)) {
      throw refuse(['scores', i, 'config_id'], `score config ${answer.configId} is not in the rubric of queue "${queue.name}"`, 'not_a_choice');
    }
    if (seen.has(answer.configId)) throw refuse(['scores', i, 'config_id'], `score config ${answer.configId} is answered twice`, 'invalid_value');
    seen.add(answer.configId);
  });
  const missing = queue.scoreConfigIds.filter((id) => !seen.has(id));
  if (missing.length > 0) throw refuse(['scores'], `the rubric also asks for score config ${missing.join(', ')}`, 'too_few_items');
}

/** Why an item could not be completed or skipped by this annotator. */
export type ItemRefusal = 'not_found' | 'done' | 'held_by_other';

export function itemRefused(refusal: ItemRefusal, item: AnnotationItem | null, itemId: string): DomainError {
  if (refusal === 'not_found' || !item) return DomainError.notFound('annotation item', itemId);
  if (refusal === 'done') {
    return new DomainError('conflict', `annotation item ${itemId} is already done (by ${item.completedBy?.name ?? 'someone'})`);
  }
  return new DomainError('conflict',
    `annotation item ${itemId} is held by ${item.heldBy?.name ?? 'someone'} until ${item.heldUntil?.toISOString() ?? '?'}; ask for the next item instead`);
}

/** A queue's progress: its items, how many are done or held now, and what each annotator has done. */
export interface QueueProgress {
  total: number;
  done: number;
  held: number;
  annotators: Array<{ annotator: Annotator; done: number; holding: boolean }>;
}
