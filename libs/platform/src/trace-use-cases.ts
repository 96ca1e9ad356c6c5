import type { Provider } from '@nestjs/common';
import {
  GetTraceMetricsUseCase, GetTraceUseCase, IngestOtlpTracesUseCase, IngestTracesUseCase, ListTracesUseCase,
  PurgeExpiredTracesUseCase,
} from '@crucible/application';

export const TRACE_USE_CASES: Provider[] = [
  IngestTracesUseCase, IngestOtlpTracesUseCase, ListTracesUseCase, GetTraceUseCase, GetTraceMetricsUseCase,
  PurgeExpiredTracesUseCase,
];
