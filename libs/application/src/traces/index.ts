export * from './ports';
export * from './otlp-spans';
export * from './otlp-batch';
export * from './checked-input';
export * from './sdk-trace-records';
export * from './computed-costs';
export * from './background-trace-writer';
export * from './use-cases/ingest-traces.use-case';
export * from './use-cases/ingest-otlp-traces.use-case';
export * from './use-cases/list-traces.use-case';
export * from './use-cases/list-sessions.use-case';
export * from './use-cases/get-trace.use-case';
export * from './use-cases/get-trace-metrics.use-case';
export * from './use-cases/purge-expired-traces.use-case';
export * from './use-cases/prepare-trace-days.use-case';
import { GetTraceMetricsUseCase } from './use-cases/get-trace-metrics.use-case';
import { GetTraceUseCase } from './use-cases/get-trace.use-case';
import { IngestOtlpTracesUseCase } from './use-cases/ingest-otlp-traces.use-case';
import { IngestTracesUseCase } from './use-cases/ingest-traces.use-case';
import { ListTracesUseCase } from './use-cases/list-traces.use-case';
import { ListSessionsUseCase } from './use-cases/list-sessions.use-case';
import { PurgeExpiredTracesUseCase } from './use-cases/purge-expired-traces.use-case';
import { PrepareTraceDaysUseCase } from './use-cases/prepare-trace-days.use-case';

/** The traces context's use cases, registered by the composition root (libs/platform). */
export const TRACES_USE_CASES = [
  GetTraceMetricsUseCase, GetTraceUseCase, IngestOtlpTracesUseCase, IngestTracesUseCase, ListSessionsUseCase, ListTracesUseCase,
  PrepareTraceDaysUseCase, PurgeExpiredTracesUseCase,
];
