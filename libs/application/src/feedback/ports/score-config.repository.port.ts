import type { ScoreConfig } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

export interface ScoreConfigFilter {
  /** Unset: both. */
  archived?: boolean;
}

/** Every read and write is scoped to one project. */
export abstract class ScoreConfigRepository {
  /** A name taken by another config of the project that is not archived fails with a conflict naming it. */
  abstract create(config: ScoreConfig): Promise<void>;
  /** Oldest first. */
  abstract list(projectId: string, filter: ScoreConfigFilter, page: PageRequest): Promise<Page<ScoreConfig>>;
  abstract findById(projectId: string, id: string): Promise<ScoreConfig | null>;
  /**
   * The config of that name not archived, else the one of that name archived last, else null: a score sent by name
   * alone is checked against it (and refused when it is archived).
   */
  abstract findByName(projectId: string, name: string): Promise<ScoreConfig | null>;
  /** The config as it is now, or null when the project has none of that id; unarchiving onto a taken name is a conflict. */
  abstract setArchived(projectId: string, id: string, archived: boolean, at: Date): Promise<ScoreConfig | null>;
}
