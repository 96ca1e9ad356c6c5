import type { Score, ScoreSource } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

export interface ScoreFilter {
  traceId?: string;
  /** Scores of the traces of this session. */
  sessionId?: string;
  name?: string;
  source?: ScoreSource;
  /** Scores given at or after it. */
  from?: Date;
  /** Scores given before it. */
  to?: Date;
}

/** What a score points at, as the project stores it. */
export type ScoreTarget = 'found' | 'no_trace' | 'no_span';

/** Every read and write is scoped to one project. */
export abstract class ScoreRepository {
  /**
   * Stores the score unless the project already has one of its id; answers the score stored under that id and
   * whether this call stored it (a retried call gets the first one back).
   */
  abstract save(score: Score): Promise<{ score: Score; created: boolean }>;
  abstract findById(projectId: string, id: string): Promise<Score | null>;
  /** Oldest first. */
  abstract list(projectId: string, filter: ScoreFilter, page: PageRequest): Promise<Page<Score>>;
  /** Whether the project holds the trace and, when a span is named, that span of it. */
  abstract target(projectId: string, traceId: string, spanId: string | null): Promise<ScoreTarget>;
}
