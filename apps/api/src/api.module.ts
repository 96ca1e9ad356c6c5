import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { PurgeExpiredTracesUseCase } from '@crucible/application';
import { APP_GUARD } from '@nestjs/core';
import { ConfigService } from '@nestjs/config';
import { type CoreConfig, CoreModule, type CrucibleConfigService, environmentOf } from '@crucible/platform';
import { ApiKeyGuard } from './http/auth.guard';
import { uploadLimitProvider } from './http/upload-limit';
import { AccessController } from './controllers/access.controller';
import { AppsController } from './controllers/apps.controller';
import { VariantsController } from './controllers/variants.controller';
import { EnvironmentsController } from './controllers/environments.controller';
import { HealthController } from './controllers/health.controller';
import { EvaluatorsController } from './controllers/evaluators.controller';
import { EvaluationsController } from './controllers/evaluations.controller';
import { TestsetsController } from './controllers/testsets.controller';
import { HumanEvaluationsController } from './controllers/human-evaluations.controller';
import { TracesController } from './controllers/traces.controller';
import { ModelsController } from './controllers/models.controller';
import { TRACE_PURGE_EVERY_MS, type TraceRetention, TraceRetentionScheduler } from './jobs/trace-retention.scheduler';
import { PlaygroundController } from './controllers/playground.controller';
import { ProvidersController } from './controllers/providers.controller';
import { TemplatesController } from './controllers/templates.controller';
import { GatewayController } from './controllers/gateway.controller';

@Module({})
export class ApiModule {
  static forRoot(config: CoreConfig & { logger: Logger; traceRetention?: TraceRetention; maxUploadBytes?: number }): DynamicModule {
    return {
      module: ApiModule,
      imports: [CoreModule.forRoot(config)],
      controllers: [HealthController, AccessController, AppsController, VariantsController, EnvironmentsController,
        EvaluatorsController, EvaluationsController, TestsetsController, HumanEvaluationsController, TracesController,
        PlaygroundController, ProvidersController, ModelsController, TemplatesController, GatewayController],
      providers: [
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        uploadLimitProvider(config.maxUploadBytes),
        {
          provide: TraceRetentionScheduler,
          useFactory: (purge: PurgeExpiredTracesUseCase, settings: CrucibleConfigService) => new TraceRetentionScheduler(
            purge,
            config.traceRetention ?? { days: environmentOf(settings).CRUCIBLE_TRACE_RETENTION_DAYS, everyMs: TRACE_PURGE_EVERY_MS },
            config.logger,
          ),
          inject: [PurgeExpiredTracesUseCase, ConfigService],
        },
      ],
    };
  }
}
