import type { CrucibleSchemas } from '@crucible/client';

// Wire shapes of test sets, evaluators and evaluations where the OpenAPI document does not declare the answer
// yet (see unwrap()); the comparison is declared, so it comes from the generated types.
export type EvaluationComparison = CrucibleSchemas['EvaluationComparisonDto_Output'];
export type MetricComparison = EvaluationComparison['metrics'][number];

export type Cell = string | number | boolean | null;
export type TestsetRow = Record<string, Cell>;

export interface TestsetSummary {
  id: string; name: string; app_id: string | null; columns: string[]; rows_count: number; created_at: string; updated_at: string;
}
export interface Testset { id: string; name: string; app_id: string | null; columns: string[]; csvdata: TestsetRow[] }

export interface SettingTemplate {
  key: string; label: string; type: 'string' | 'text' | 'code' | 'number' | 'integer' | 'boolean' | 'string_list' | 'choice';
  default?: unknown; min?: number; max?: number; choices?: string[]; required: boolean; ground_truth_column: boolean;
  description: string;
  /** The field picks one of the project's provider connections, or a model of the chosen connection's provider. */
  options_from?: 'provider_connections' | 'models';
}
export interface EvaluatorDescriptor {
  key: string; name: string; description: string; requires_llm: boolean; settings_template: Record<string, SettingTemplate>;
}
export interface EvaluatorConfig {
  id: string; name: string; app_id?: string; evaluator_key: string; settings_values: Record<string, unknown>;
}

export interface Result { type: string; value?: unknown; error?: { message: string; stacktrace?: string } | null }

export interface Evaluation {
  id: string; app_id: string; variant_ids: string[]; variant_names: string[]; variant_revision_ids: string[];
  revisions: string[]; testset_id: string; testset_name: string; status: Result;
  aggregated_results: Array<{ evaluator_config: EvaluatorConfig; result: Result }>;
  average_cost?: Result; total_cost?: Result; average_latency?: Result; created_at: string;
}
export interface EvaluationStatus { id: string; status: Result; progress: { done: number; total: number } }
export interface EvaluationScenario {
  id: string; row_index: number; inputs: Array<{ name: string; type: string; value: unknown }>; output: unknown; correct_answer: unknown;
  results: Array<{ evaluator_config: string; evaluator_key?: string; result: Result }>;
  latency: number | null; cost: number | null; error: { message: string; stacktrace?: string } | null;
  /** The invocation's trace (GET /traces/{trace_id}), when the service returned one. */
  trace_id?: string | null;
}
export interface RowComparison {
  rows: Array<{
    row_index: number; inputs: Record<string, unknown>; correct_answer: unknown;
    variants: Array<{ evaluation_id: string; variant_name: string; output: unknown; error: { message: string } | null;
      results: EvaluationScenario['results'] }>;
  }>;
}

export interface AppRevision { id: string; variant_id: string; revision: number }

export interface HumanEvaluation {
  id: string; app_id: string; evaluation_type: 'human_a_b_testing' | 'single_model_test';
  variants: Array<{ variant_id: string; variant_name: string; variant_revision_id: string; revision: number }>;
  testset_name: string; inputs: string[]; correct_answer_column: string | null; status: string;
  progress: { done: number; total: number }; created_at: string;
}
export interface HumanScenario {
  id: string; inputs: Array<{ input_name: string; input_value: string }>;
  outputs: Array<{ variant_id: string; variant_revision_id: string; variant_output: string; error?: { message: string } }>;
  vote: string | null; score: number | null; correct_answer: string | null; is_pinned: boolean; note: string | null;
}
export interface HumanResults {
  evaluation_type: string; judged: number; total: number;
  variants?: Array<{ variant_name: string; variant_revision_id: string; revision: number; votes: number; percentage: number }>;
  both_good?: number; both_bad?: number;
  scores?: Record<string, number>; mean?: number | null;
}
