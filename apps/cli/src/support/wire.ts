// Answers the CLI reads where the api's OpenAPI document does not declare a response schema yet
// (requests always go through the generated client's types).
export interface AppSummary { app_id: string; app_name: string }
export interface VariantSummary { variant_id: string; variant_name: string; app_id: string; revision: number; uri?: string; base_name?: string }
export interface VariantRevision { id: string; variant_id: string; revision: number; commit_message: string | null; modified_by: string; created_at: string }
export interface TestsetSummary { id: string; name: string; app_id: string | null; columns?: string[]; rows_count?: number }
export interface Testset extends TestsetSummary { csvdata: Array<Record<string, unknown>> }
export interface EvaluatorConfig { id: string; name: string; evaluator_key: string }
export interface CatalogEvaluator { key: string; name: string }
export interface Result { type: string; value?: unknown; error?: { message: string } | null }
export interface Evaluation {
  id: string; variant_names: string[]; revisions: string[]; variant_revision_ids: string[]; status: Result;
  aggregated_results: Array<{ evaluator_config: EvaluatorConfig; result: Result }>;
  average_cost?: Result | null; total_cost?: Result | null; average_latency?: Result | null; testset_id?: string;
}
export interface EvaluationStatus {
  id: string; status: Result; progress: { done: number; total: number; failed_rows?: number; evaluator_errors?: number };
}
export interface Scenario {
  row_index: number; inputs: Record<string, unknown>; output: unknown; correct_answer: unknown; error: { message: string } | null;
  latency: number | null;
  results: Array<{ evaluator_config: string; evaluator_key?: string; result: Result }>;
}
export interface Environment {
  name: string; deployed_variant_name: string | null; deployed_app_variant_revision_id: string | null; revision: number | null;
}
export interface EnvironmentRevision {
  id: string; revision: number; modified_by: string; deployed_variant_name?: string; deployed_variant_revision?: number;
  commit_message?: string | null; created_at: string;
}
export interface EnvironmentHistory extends Environment { revisions: EnvironmentRevision[] }
export interface CurrentProject { project_id: string; name: string; api_key: { id: string; name: string; role?: string } }
