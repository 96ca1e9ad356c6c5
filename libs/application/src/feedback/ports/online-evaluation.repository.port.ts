import type { OnlineEvaluationRule, OnlineExecutionCounts } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

/** Every read and write is scoped to one project. */
export abstract class OnlineEvaluationRepository {
  abstract create(rule: OnlineEvaluationRule): Promise<void>;
  /** Oldest first. */
  abstract list(projectId: string, page: PageRequest): Promise<Page<OnlineEvaluationRule>>;
  abstract findById(projectId: string, id: string): Promise<OnlineEvaluationRule | null>;
  /** Pauses or resumes; answers the rule as it now is, null when the project holds no such rule. */
  abstract setActive(projectId: string, id: string, active: boolean, now: Date): Promise<OnlineEvaluationRule | null>;
  /** For each of the rules named, its executions per state. */
  abstract counts(projectId: string, ruleIds: string[]): Promise<Map<string, OnlineExecutionCounts>>;
}
