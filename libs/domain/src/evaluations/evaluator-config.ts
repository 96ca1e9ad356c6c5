export interface EvaluatorConfig {
  id: string;
  projectId: string;
  appId: string | null;
  name: string;
  evaluatorKey: string;
  settingsValues: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

export const MAX_EVALUATOR_CONFIG_NAME_LENGTH = 200;

/** Why a config name cannot be stored (it is free text, shown in lists and compare views), or undefined. */
export function evaluatorConfigNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'name must not be blank';
  if (name.length > MAX_EVALUATOR_CONFIG_NAME_LENGTH) return `name must be at most ${MAX_EVALUATOR_CONFIG_NAME_LENGTH} characters`;
  return undefined;
}
