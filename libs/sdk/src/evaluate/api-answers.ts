/*
 * The fields of the api's answers that evaluate() reads. The api's wire schemas (apps/api/src/wire) and the client
 * generated from them (libs/client) are the definitions; the SDK, published on its own, may import neither.
 */

export interface AppAnswer {
  app_id: string;
  app_name: string;
}

export interface VariantAnswer {
  variant_id: string;
  variant_name: string;
}

export interface TestsetSummaryAnswer {
  id: string;
  name: string;
}

export interface TestsetAnswer extends TestsetSummaryAnswer {
  columns: string[];
  csvdata: Array<Record<string, unknown>>;
}

interface ResultAnswer {
  type: string;
  value?: unknown;
  error?: { message: string } | null;
}

/** `GET /evaluations`, `POST /evaluations/upload`. */
export interface EvaluationAnswer {
  id: string;
  app_id: string;
  variant_ids: string[];
  variant_names: string[];
  testset_id: string;
  source: 'api' | 'sdk';
  status: ResultAnswer;
  aggregated_results: Array<{ evaluator_config: { id: string; name: string; evaluator_key: string }; result: ResultAnswer }>;
  average_cost?: ResultAnswer;
  total_cost?: ResultAnswer;
  average_latency?: ResultAnswer;
  created_at: string;
}

export type Verdict = 'better' | 'worse' | 'no_significant_difference';

/** `GET /evaluations/compare` (ARCHITECTURE §11). */
export interface ComparisonAnswer {
  baseline_evaluation_id: string;
  metrics: Array<{
    metric: 'evaluator' | 'cost' | 'latency';
    evaluator_config: { id: string; name: string; evaluator_key: string } | null;
    value_type: 'bool' | 'number';
    higher_is_better: boolean;
    evaluations: Array<{ evaluation_id: string; n: number; errored_rows: number; mean: number | null; ci_low: number | null; ci_high: number | null }>;
    comparisons: Array<{
      evaluation_id: string;
      baseline_evaluation_id: string;
      n: number;
      excluded_rows: number;
      difference: number | null;
      ci_low: number | null;
      ci_high: number | null;
      p_value: number | null;
      verdict: Verdict;
    }>;
  }>;
}
