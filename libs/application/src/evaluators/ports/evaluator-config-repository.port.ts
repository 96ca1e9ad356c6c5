import type { EvaluatorConfig } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

export abstract class EvaluatorConfigRepository {
  /** A taken name within the app fails with a conflict. */
  abstract create(config: EvaluatorConfig): Promise<void>;
  /** Oldest first (then id), one keyset page; an app's configs include the project-wide ones. */
  abstract list(projectId: string, appId: string | undefined, page: PageRequest): Promise<Page<EvaluatorConfig>>;
  abstract findByIds(projectId: string, ids: string[]): Promise<EvaluatorConfig[]>;
  abstract update(config: EvaluatorConfig): Promise<void>;
  abstract delete(projectId: string, id: string): Promise<boolean>;
  /** The configs whose settings name this provider connection (`connection_id`). */
  abstract findUsingConnection(projectId: string, connectionId: string): Promise<EvaluatorConfig[]>;
}
