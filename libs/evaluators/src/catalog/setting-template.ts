export type SettingType = 'string' | 'text' | 'code' | 'number' | 'integer' | 'boolean' | 'string_list' | 'choice';

/** One field of an evaluator's settings form; snake_case because GET /evaluators serves it as-is. */
export interface SettingTemplate {
  readonly key: string;
  readonly label: string;
  readonly type: SettingType;
  readonly default?: unknown;
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
  /** Where a form finds this setting's choices when they are the project's, not fixed: its connections or models. */
  readonly options_from?: 'provider_connections' | 'models';
  readonly required: boolean;
  /** True for the setting that names the test-set column holding the expected answer. */
  readonly ground_truth_column: boolean;
  readonly description: string;
}

export interface EvaluatorDescriptor {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly requires_llm: boolean;
  readonly settings_template: readonly SettingTemplate[];
}
