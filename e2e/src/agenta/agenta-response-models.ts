import { z } from 'zod';

/*
 * Response models of Agenta's Python SDK (Agenta-AI/agenta, sdk/agenta/client/backend/types/*.py), transcribed:
 * pydantic `extra="allow"` → z.looseObject, `Optional[X] = None` → X.nullish(), `str` → z.string(), `int` → z.int(),
 * `float` → z.number(), `datetime` → an ISO string. Every answer of Crucible's legacy interface must parse with them.
 */
const iso = z.iso.datetime({ offset: true });
const any = z.unknown();

export const ResultError = z.looseObject({ message: z.string(), stacktrace: z.string().nullish() });
export const Result = z.looseObject({ type: z.string(), value: any.nullish(), error: ResultError.nullish() });

export const CreateAppOutput = z.looseObject({ app_id: z.string(), app_name: z.string() });
export const App = z.looseObject({ app_id: z.string(), app_name: z.string(), app_type: z.string().nullish(), updated_at: z.string() });

export const AppVariantResponse = z.looseObject({
  app_id: z.string(), app_name: z.string(), variant_id: z.string(), variant_name: z.string(), project_id: z.string(),
  base_name: z.string(), base_id: z.string(), config_name: z.string(), uri: z.string().nullish(), revision: z.int(),
  created_at: z.string().nullish(), updated_at: z.string().nullish(), modified_by_id: z.string().nullish(),
  organization_id: z.string().nullish(), workspace_id: z.string().nullish(),
});

export const ConfigDb = z.looseObject({ config_name: z.string(), parameters: z.record(z.string(), any).nullish() });
export const AppVariantRevision = z.looseObject({
  id: z.string().nullish(), revision: z.int(), modified_by: z.string(), config: ConfigDb, created_at: z.string(),
  commit_message: z.string().nullish(),
});

export const EnvironmentOutput = z.looseObject({
  name: z.string(), app_id: z.string(), project_id: z.string(), deployed_app_variant_id: z.string().nullish(),
  deployed_variant_name: z.string().nullish(), deployed_app_variant_revision_id: z.string().nullish(),
  revision: z.int().nullish(), organization_id: z.string().nullish(), workspace_id: z.string().nullish(),
});
export const EnvironmentRevision = z.looseObject({
  id: z.string(), revision: z.int(), modified_by: z.string(), deployed_app_variant_revision: z.string().nullish(),
  deployment: z.string().nullish(), commit_message: z.string().nullish(), created_at: z.string(),
  deployed_variant_name: z.string().nullish(),
});
export const EnvironmentOutputExtended = EnvironmentOutput.extend({ revisions: z.array(EnvironmentRevision) });

/** api/oss/src/models/api/testset_model.py */
export const TestSetSimpleResponse = z.looseObject({ id: z.string(), name: z.string(), created_at: z.string() });
export const TestSetOutputResponse = z.looseObject({ _id: z.string(), name: z.string(), created_at: z.string(), updated_at: z.string() });
export const TestsetUpdateResponse = z.looseObject({ _id: z.string(), status: z.string(), message: z.string() });

/** Legacy evaluator catalog entry (api/oss/src/models/api/evaluation_model.py, Evaluator). */
export const Evaluator = z.looseObject({
  name: z.string(), key: z.string(), direct_use: z.boolean(), settings_template: z.record(z.string(), any),
  description: z.string().nullish(), oss: z.boolean().nullish(), requires_llm_api_keys: z.boolean().nullish(),
  tags: z.array(z.string()),
});
export const EvaluatorConfig = z.looseObject({
  id: z.string(), name: z.string(), project_id: z.string(), evaluator_key: z.string(),
  settings_values: z.record(z.string(), any).nullish(), created_at: z.string(), updated_at: z.string(),
});

export const AggregatedResult = z.looseObject({
  evaluator_config: z.union([EvaluatorConfig, z.record(z.string(), any)]), result: Result,
});
export const Evaluation = z.looseObject({
  id: z.string(), app_id: z.string(), project_id: z.string(), variant_ids: z.array(z.string()),
  variant_names: z.array(z.string()), variant_revision_ids: z.array(z.string()), revisions: z.array(z.string()),
  testset_id: z.string().nullish(), testset_name: z.string().nullish(), status: Result,
  aggregated_results: z.array(AggregatedResult), average_cost: Result.nullish(), total_cost: Result.nullish(),
  average_latency: Result.nullish(), created_at: iso, updated_at: iso,
});

export const EvaluationScenarioInput = z.looseObject({ name: z.string(), type: z.string(), value: any.nullish() });
export const EvaluationScenarioOutput = z.looseObject({ result: Result, cost: z.number().nullish(), latency: z.number().nullish() });
export const CorrectAnswer = z.looseObject({ key: z.string(), value: z.string() });
export const EvaluationScenarioResult = z.looseObject({ evaluator_config: z.string(), result: Result });
export const EvaluationScenario = z.looseObject({
  id: z.string().nullish(), evaluation_id: z.string(), inputs: z.array(EvaluationScenarioInput),
  outputs: z.array(EvaluationScenarioOutput), correct_answers: z.array(CorrectAnswer).nullish(),
  is_pinned: z.boolean().nullish(), note: z.string().nullish(), results: z.array(EvaluationScenarioResult),
});

export const HumanEvaluation = z.looseObject({
  id: z.string(), app_id: z.string(), project_id: z.string(), evaluation_type: z.string(),
  variant_ids: z.array(z.string()), variant_names: z.array(z.string()), variants_revision_ids: z.array(z.string()),
  revisions: z.array(z.string()), testset_id: z.string(), testset_name: z.string(), status: z.string(),
  created_at: z.string(), updated_at: z.string(),
});
export const HumanEvaluationScenario = z.looseObject({
  id: z.string().nullish(), evaluation_id: z.string(),
  inputs: z.array(z.looseObject({ input_name: z.string(), input_value: z.string() })),
  outputs: z.array(z.looseObject({ variant_id: z.string(), variant_output: z.string() })),
  vote: z.string().nullish(), score: z.union([z.string(), z.int()]).nullish(), correct_answer: z.string().nullish(),
  is_pinned: z.boolean().nullish(), note: z.string().nullish(),
});

/** Legacy results of a human evaluation: `votes_data` for A/B tests, `results_data` for scoring. */
const Votes = z.looseObject({ number_of_votes: z.int(), percentage: z.number() });
export const HumanAbResults = z.looseObject({
  votes_data: z.looseObject({
    variants: z.array(z.string()), variant_names: z.array(z.string()), nb_of_rows: z.int(),
    flag_votes: Votes, positive_votes: Votes, variants_votes_data: z.record(z.string(), Votes),
  }),
});
export const HumanScoringResults = z.looseObject({ results_data: z.record(z.string(), z.int()) });
