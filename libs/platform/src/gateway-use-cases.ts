import type { Provider } from '@nestjs/common';
import {
  BackgroundTraceWriter, DeployedConfigCache, DeployedConfigLoader, InvokeAppUseCase, ModelPricing, StreamAppUseCase, StreamPlaygroundUseCase,
  TraceIngestLimits, TraceRepository,
} from '@crucible/application';
import type { Logger } from 'pino';
import { createLogger } from './logging/logger';
import { loggableError } from './logging/loggable-error';

/** The gateway (§16): deployed configs kept in memory, traces written behind the answers. */
export const gatewayProviders = (logger: Logger | undefined): Provider[] => [
  DeployedConfigCache, DeployedConfigLoader, InvokeAppUseCase, StreamAppUseCase, StreamPlaygroundUseCase,
  {
    provide: BackgroundTraceWriter,
    useFactory: (traces: TraceRepository, limits: TraceIngestLimits, pricing: ModelPricing) => {
      const log = logger ?? createLogger('crucible');
      return new BackgroundTraceWriter(traces, limits, pricing, (error, count) => log.error({ err: loggableError(error), traces: count }, 'gateway traces were not written'));
    },
    inject: [TraceRepository, TraceIngestLimits, ModelPricing],
  },
];
