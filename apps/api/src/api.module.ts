import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Logger } from 'pino';
import {
  ACCESS_USE_CASES, AUDIT_USE_CASES, SIGN_IN_REFUSED, ENVIRONMENTS_USE_CASES, FEEDBACK_USE_CASES, GATEWAY_USE_CASES, EVALUATIONS_USE_CASES, EVALUATORS_USE_CASES, HUMAN_EVALUATIONS_USE_CASES, JOBS_USE_CASES,
  PeriodicJobLeadership, PLAYGROUND_USE_CASES, PROMPTS_USE_CASES, PrepareTraceDaysUseCase, PROVIDERS_USE_CASES, PurgeExpiredTracesUseCase, REGISTRY_USE_CASES, TESTSETS_USE_CASES, TRACES_USE_CASES,
} from '@crucible/application';
import { type CoreConfig, CoreModule, SweeperModule } from '@crucible/platform';
import { signInThrottlerStorage } from '@crucible/queue';
import { ApiKeyGuard } from './http/auth.guard';
import { RolesGuard } from './http/roles.guard';
import { AuditInterceptor } from './audit/audit.interceptor';
import { RequestAuthenticator } from './http/request-authenticator';
import { AuthController } from './controllers/auth.controller';
import { OidcController } from './controllers/oidc.controller';
import { InvitationsController } from './controllers/invitations.controller';
import { AcceptInvitationController } from './controllers/accept-invitation.controller';
import { MembersController } from './controllers/members.controller';
import { MAX_UPLOAD_BYTES } from './http/upload-limit';
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
import { SessionsController } from './controllers/sessions.controller';
import { ModelsController } from './controllers/models.controller';
import { TRACE_PURGE_EVERY_MS, type TraceRetention, TraceRetentionScheduler } from './jobs/trace-retention.scheduler';
import { PlaygroundController } from './controllers/playground.controller';
import { ProvidersController } from './controllers/providers.controller';
import { TemplatesController } from './controllers/templates.controller';
import { GatewayController } from './controllers/gateway.controller';
import { ScoresController } from './controllers/scores.controller';
import { AnnotationQueuesController } from './controllers/annotation-queues.controller';
import { OnlineEvaluationsController } from './controllers/online-evaluations.controller';
import { AuditEventsController } from './controllers/audit-events.controller';

/** Every context the api serves; jobs too, which an embedded api runs in-process. */
const API_CONTEXTS = [
  ACCESS_USE_CASES, REGISTRY_USE_CASES, ENVIRONMENTS_USE_CASES, TESTSETS_USE_CASES, EVALUATORS_USE_CASES, EVALUATIONS_USE_CASES,
  HUMAN_EVALUATIONS_USE_CASES, JOBS_USE_CASES, TRACES_USE_CASES, PLAYGROUND_USE_CASES, PROVIDERS_USE_CASES, PROMPTS_USE_CASES,
  GATEWAY_USE_CASES, FEEDBACK_USE_CASES, AUDIT_USE_CASES,
];

/** ARCHITECTURE §17: 50 sign-in requests per address per minute. */
const SIGN_IN_REQUESTS_PER_ADDRESS = 50;
const SIGN_IN_WINDOW_MS = 60_000;

export interface ApiModuleConfig extends CoreConfig {
  logger: Logger;
  traceRetention?: TraceRetention;
  maxUploadBytes?: number;
}

@Module({})
export class ApiModule {
  static forRoot(config: ApiModuleConfig): DynamicModule {
    const { environment } = config;
    const retention = config.traceRetention ?? { days: environment.CRUCIBLE_TRACE_RETENTION_DAYS, everyMs: TRACE_PURGE_EVERY_MS };
    return {
      module: ApiModule,
      imports: [
        CoreModule.forRoot(config, API_CONTEXTS),
        // Requests per address to the sign-in routes (those that use ThrottlerGuard), answered like a refused sign-in.
        ThrottlerModule.forRootAsync({
          useFactory: async () => ({
            throttlers: [{ name: 'default', ttl: SIGN_IN_WINDOW_MS, limit: SIGN_IN_REQUESTS_PER_ADDRESS }],
            errorMessage: SIGN_IN_REFUSED,
            storage: await signInThrottlerStorage(config.queue),
          }),
        }),
        // An embedded api runs its jobs, so it sweeps for the unfinished ones; a distributed api leaves that to the runners.
        ...(config.queue.kind === 'in-process' ? [SweeperModule.forRoot(environment.CRUCIBLE_SWEEP_INTERVAL_MS, environment.CRUCIBLE_ONLINE_EVALUATION_LEASE_SECONDS * 1000)] : []),
      ],
      controllers: [HealthController, AuthController, OidcController, AccessController, InvitationsController, AcceptInvitationController,
        MembersController, AppsController, VariantsController, EnvironmentsController, EvaluatorsController, EvaluationsController, TestsetsController,
        HumanEvaluationsController, TracesController, SessionsController,
        PlaygroundController, ProvidersController, ModelsController, TemplatesController, GatewayController, ScoresController,
        AnnotationQueuesController, OnlineEvaluationsController, AuditEventsController],
      providers: [
        RequestAuthenticator,
        // In this order: ApiKeyGuard finds the caller, RolesGuard decides what the caller's role allows.
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
        { provide: MAX_UPLOAD_BYTES, useValue: config.maxUploadBytes ?? environment.CRUCIBLE_MAX_UPLOAD_BYTES },
        {
          provide: TraceRetentionScheduler,
          useFactory: (prepare: PrepareTraceDaysUseCase, purge: PurgeExpiredTracesUseCase, schedules: SchedulerRegistry, leadership: PeriodicJobLeadership) =>
            new TraceRetentionScheduler(prepare, purge, schedules, leadership, retention, config.logger),
          inject: [PrepareTraceDaysUseCase, PurgeExpiredTracesUseCase, SchedulerRegistry, PeriodicJobLeadership],
        },
      ],
    };
  }
}
