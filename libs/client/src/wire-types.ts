import type { components } from './generated/api-schema';

// Named answers of the api, straight from its OpenAPI document: the console and the CLI declare no wire types of their own.
type Schemas = components['schemas'];

export type App = Schemas['AppDto_Output'];
export type Variant = Schemas['VariantDto_Output'];
export type VariantRevision = Schemas['VariantRevisionDto_Output'];
export type EnvironmentRevision = Schemas['EnvironmentRevisionDto_Output'];

export type Testset = Schemas['TestsetDto_Output'];
export type TestsetRow = Testset['csvdata'][number];
export type TestsetCell = TestsetRow[string];
export type TestsetVersion = Schemas['TestsetVersionDto_Output'];
export type TestsetDiff = Schemas['TestsetDiffDto_Output'];

export type EvaluatorDescriptor = Schemas['EvaluatorDto_Output'];
export type SettingTemplate = EvaluatorDescriptor['settings_template'][string];
export type EvaluatorConfig = Schemas['EvaluatorConfigDto_Output'];
export type Result = Schemas['Result_Output'];

export type Evaluation = Schemas['EvaluationDto_Output'];
export type EvaluationStatus = Schemas['EvaluationStatusDto_Output'];
export type EvaluationScenario = Schemas['EvaluationScenarioDto_Output'];
export type EvaluationComparison = Schemas['EvaluationComparisonDto_Output'];
export type MetricComparison = EvaluationComparison['metrics'][number];
export type RowComparison = Schemas['ComparisonDto_Output'];

export type HumanEvaluation = Schemas['HumanEvaluationDto_Output'];
export type HumanScenario = Schemas['HumanEvaluationScenarioDto_Output'];
export type HumanResults = Schemas['HumanEvaluationResultsDto_Output'];
export type HumanMetric = HumanEvaluation['score_configs'][number];

export type TraceSummary = Schemas['StoredTraceDto_Output'];
export type TraceDetail = Schemas['TraceTreeDto_Output'];
export type TraceSpan = Schemas['TraceSpan_Output'];
export type TraceMetrics = Schemas['TraceMetricsDto_Output'];
export type MetricsInterval = TraceMetrics['interval'];

export type Score = Schemas['ScoreDto_Output'];

export type ProviderKind = Schemas['ProviderKindDto_Output'];
export type ProviderConnection = Schemas['ProviderConnectionDto_Output'];
export type ConnectionTest = Schemas['ConnectionTestDto_Output'];
export type Model = Schemas['ModelDto_Output'];

export type ScoreConfig = Schemas['ScoreConfigDto_Output'];
export type AnnotationItem = Schemas['AnnotationItemDto_Output'];

export type OnlineEvaluation = Schemas['OnlineEvaluationDto_Output'];
export type OnlineExecution = Schemas['OnlineExecutionDto_Output'];
