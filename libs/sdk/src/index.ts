import 'reflect-metadata';

export { Field, MCField } from './schema/field.decorator';
export type { FieldOptions, MCFieldOptions, ScalarType, ChoiceList, GroupedChoices } from './schema/field.decorator';
export { describeSchema, schemaDefaults, SchemaDefinitionError } from './schema/schema-definition';
export type { ConfigSchema, FieldSpec, NumberBounds, SchemaDescription } from './schema/schema-definition';
export { validateConfig, parseConfig, ConfigValidationError } from './schema/config-validator';
export type { ValidationErrorItem, ValidationResult, ValidateOptions } from './schema/config-validator';
export { configJsonSchema } from './schema/config-json-schema';

export { CrucibleService, createService, defaultService, route, entrypoint, serve } from './service/crucible-service';
export type { ServiceOptions, ListenOptions, RunningService } from './service/crucible-service';
export type { Inputs, RouteDecorator, RouteDefinition, RouteOptions, RoutedWorkflow, WorkflowFunction } from './service/route-definition';
export { validateRoutePath, RoutePathError } from './service/route-path';
export type { OpenApiDocument } from './service/openapi-document';

export { init } from './init/sdk-state';
export type { InitOptions } from './init/sdk-state';
export type { SdkConfigFile } from './init/config-file';

export { ConfigManager } from './config/config-manager';
export { RegistryError } from './config/registry-client';
export type { ConfigReference } from './config/registry-client';
export { routingContext, routingContextManager } from './context/routing-context';
export type { RoutingContext } from './context/routing-context';
export { setTraceIdentity } from './context/trace-identity';
export type { TraceIdentity } from './context/trace-identity';

export { currentTraceId, instrument, recordUsage } from './tracing/tracer';
export type { InstrumentOptions } from './tracing/tracer';
export { REDACTION_FAILED } from './tracing/redaction';
export { flushTraces, traceExportStats } from './tracing/export-trace';
export type { TraceExportStats } from './tracing/trace-exporter';
export type { RedactFunction, RedactField } from './tracing/redaction';
export type { SpanKind, UsageRecord } from './tracing/span-recorder';

export { score, ScoreError } from './feedback/score';
export type { ScoreOptions, StoredScore } from './feedback/score';

export { llm } from './llm/llm.client';
export type { ChatMessage, ChatRequest, ChatResult, EmbedRequest, EmbedResult } from './llm/llm.client';

export type { Span, Trace, TokenUsage } from '@crucible/contracts';

export { getPrompt, promptFetchCount } from './prompts/get-prompt';
export type { GetPromptOptions, Prompt } from './prompts/get-prompt';
export { PromptCompileError, compileMessages } from './prompts/prompt-template';
export type { PromptMessage, PromptParameters } from './prompts/prompt-template';

export { evaluate } from './evaluate/evaluate';
export type { EvaluateOptions, EvaluateResult, EvaluateMetric } from './evaluate/evaluate';
export { EvaluateError } from './evaluate/crucible-api';
export type { EvaluateTask, EvaluatorArgs, EvaluatorFunction, LocalEvaluator, TaskContext } from './evaluate/run-rows';
export type { ComparisonAnswer, EvaluationAnswer, Verdict } from './evaluate/api-answers';
