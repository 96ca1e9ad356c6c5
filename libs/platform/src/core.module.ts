import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { type DatabaseConfig, PersistenceModule } from '@crucible/persistence';
import { type QueueConfig, failedSignInsProvider, queueProviders } from '@crucible/queue';
import type { OutboundConfig } from '@crucible/integrations';
import type { Logger } from 'pino';
import { createLogger } from './logging/logger';
import { CRUCIBLE_ENVIRONMENT } from './config/crucible-environment';
import type { CrucibleEnvironment } from './config/environment.schema';
import { outboundConfigOf } from './config/server-config';
import { coreAdapters } from './core-adapters';

export interface CoreConfig {
  /** Parsed once at start; every setting is read from it. */
  environment: CrucibleEnvironment;
  database: DatabaseConfig;
  queue: QueueConfig;
  /** Where job reports go; the app's own logger. */
  logger?: Logger;
  /** Defaults to CRUCIBLE_ALLOWED_PRIVATE_HOSTS / CRUCIBLE_MAX_RESPONSE_BYTES, with the mode's default allow-list. */
  outbound?: OutboundConfig;
}

/** The use cases of the contexts an app serves, each context's `<CONTEXT>_USE_CASES` from @crucible/application. */
type ContextUseCases = readonly Provider[];

const tokenOf = (provider: Provider) => (typeof provider === 'function' ? provider : (provider as { provide: Provider }).provide);

/**
 * The composition root shared by the api and the workflow-runner: the use cases of the contexts the app names,
 * the adapters they need, persistence and the queue's producer side. Inbound adapters (controllers, the queue
 * consumer, schedulers) are the apps' own modules.
 */
@Module({})
export class CoreModule {
  static forRoot(config: CoreConfig, contexts: readonly ContextUseCases[]): DynamicModule {
    const mode = config.queue.kind === 'in-process' ? 'embedded' : 'distributed';
    const outbound = config.outbound ?? outboundConfigOf(config.environment, mode);
    const providers: Provider[] = [
      { provide: CRUCIBLE_ENVIRONMENT, useValue: config.environment },
      ...new Set(contexts.flat()),
      ...coreAdapters(config.database, outbound, config.logger ?? createLogger('crucible')),
      ...queueProviders(config.queue),
      // Beside the queue: where there is a queue in Redis, there may be several api processes to count for.
      failedSignInsProvider(config.queue),
    ];
    const persistence = PersistenceModule.forRoot(config.database);
    return {
      module: CoreModule,
      global: true,
      imports: [ScheduleModule.forRoot(), persistence],
      providers,
      // Persistence too, for the ports an inbound adapter stands on (the api's idempotency interceptor).
      exports: [...providers.map(tokenOf), persistence] as Provider[],
    };
  }
}
