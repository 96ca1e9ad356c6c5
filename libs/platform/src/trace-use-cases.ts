import type { Provider } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  GetTraceMetricsUseCase, GetTraceUseCase, IngestOtlpTracesUseCase, IngestTracesUseCase, ListTracesUseCase,
  PurgeExpiredTracesUseCase, TraceIngestLimits,
} from '@crucible/application';
import { type CrucibleConfigService, environmentOf } from './config/crucible-config.module';

export const TRACE_USE_CASES: Provider[] = [
  IngestTracesUseCase, IngestOtlpTracesUseCase, ListTracesUseCase, GetTraceUseCase, GetTraceMetricsUseCase,
  PurgeExpiredTracesUseCase,
  {
    provide: TraceIngestLimits,
    useFactory: (config: CrucibleConfigService): TraceIngestLimits => ({ maxSpansPerTrace: environmentOf(config).CRUCIBLE_MAX_SPANS_PER_TRACE }),
    inject: [ConfigService],
  },
];
