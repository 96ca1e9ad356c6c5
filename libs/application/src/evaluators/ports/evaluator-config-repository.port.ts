import type { EvaluatorConfig } from '@crucible/domain';

export abstract class EvaluatorConfigRepository {
  /** A taken name within the app fails with a conflict. */
  abstract create(config: EvaluatorConfig): Promise<void>;
  abstract list(projectId: string, appId?: string): Promise<EvaluatorConfig[]>;
  abstract findByIds(projectId: string, ids: string[]): Promise<EvaluatorConfig[]>;
  abstract update(config: EvaluatorConfig): Promise<void>;
  abstract delete(projectId: string, id: string): Promise<boolean>;
}
