import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import {
  AuthenticateUseCase, BootstrapDefaultProjectUseCase, CancelEvaluationUseCase, CodeSandbox, CompareEvaluationsUseCase,
  CreateApiKeyUseCase, CreateAppUseCase, RenameAppUseCase, LatestRevisionsUseCase, CreateEvaluationUseCase, CreateEvaluatorConfigUseCase, CreateProjectUseCase,
  CreateVariantFromBaseUseCase, CreateVariantFromServiceUseCase, DeleteApiKeyUseCase, DeleteAppUseCase,
  DeleteEvaluationsUseCase, DeleteEvaluatorConfigUseCase, DeleteVariantUseCase, DeployUseCase, DispatchJobUseCase,
  EvaluatorService, GetAppUseCase, GetEnvironmentHistoryUseCase, GetEvaluationProgressUseCase, GetEvaluationUseCase,
  GetEvaluatorConfigUseCase,
  GetVariantRevisionUseCase, GetVariantUseCase, ListApiKeysUseCase, ListAppsUseCase, ListEnvironmentsUseCase,
  ListEvaluationScenariosUseCase, ListEvaluationsUseCase, ListEvaluatorConfigsUseCase, ListEvaluatorsUseCase,
  ListVariantRevisionsUseCase, ListVariantsUseCase, LlmGateway, ResolveConfigUseCase, ConnectionCredentialsSource, ModelPricing,
  RevertEnvironmentUseCase, RunEvaluationUseCase, ServiceDefaultsReader, UpdateEvaluatorConfigUseCase,
  OutboundGuard, RunReporter, UpdateVariantParametersUseCase, WebhookClient, WorkflowInvoker, PROMPTS_USE_CASES, BuiltinWorkflowRunner,
  DispatchingWorkflowInvoker,
} from '@crucible/application';
import { type DatabaseConfig, PersistenceModule } from '@crucible/persistence';
import { type QueueConfig, queueProviders } from '@crucible/queue';
import { BuiltinEvaluatorService } from '@crucible/evaluators';
import {
  AiSdkLlmGateway, GuardedWebhookClient, IsolatedVmCodeSandbox, defaultMaxIsolates, type OutboundConfig, UndiciOutboundGuard,
} from '@crucible/integrations';
import { ConfigService } from '@nestjs/config';
import type { Logger } from 'pino';
import { createLogger } from './logging/logger';
import { PinoRunReporter } from './logging/pino-run-reporter';
import { OpenApiServiceDefaultsReader } from './adapters/service-defaults.adapter';
import { type CrucibleConfigService, crucibleConfigModule, environmentOf } from './config/crucible-config.module';
import { outboundConfigOf } from './config/server-config';
import { HttpWorkflowInvoker } from './adapters/http-workflow-invoker';
import { TESTSET_USE_CASES } from './testset-use-cases';
import { HUMAN_EVALUATION_USE_CASES } from './human-evaluation-use-cases';
import { EVALUATION_REVIEW_USE_CASES } from './evaluation-review-use-cases';
import { TRACE_USE_CASES } from './trace-use-cases';
import { MODEL_PROVIDERS } from './model-use-cases';
import { CONSOLE_USE_CASES, SERVICE_DESCRIBER } from './console-use-cases';
import { DependencyHealth } from './health/dependency-health';
import { JOB_USE_CASES, sweeperProviders } from './jobs/sweeper.scheduler';
import { providerProviders } from './provider-use-cases';
import { gatewayProviders } from './gateway-use-cases';

export interface CoreConfig {
  database: DatabaseConfig;
  queue: QueueConfig;
  /** Where job reports go; the app's own logger. */
  logger?: Logger;
  /** Defaults to CRUCIBLE_ALLOWED_PRIVATE_HOSTS / CRUCIBLE_MAX_RESPONSE_BYTES, with the mode's default allow-list. */
  outbound?: OutboundConfig;
  /** How often a process that runs jobs sweeps for unfinished runs without a live job. */
  sweepIntervalMs?: number;
}

const useCases: Provider[] = [
  AuthenticateUseCase, BootstrapDefaultProjectUseCase, CreateProjectUseCase, CreateApiKeyUseCase, ListApiKeysUseCase,
  DeleteApiKeyUseCase, CreateAppUseCase, GetAppUseCase, ListAppsUseCase, DeleteAppUseCase, RenameAppUseCase, LatestRevisionsUseCase,
  CreateVariantFromServiceUseCase, CreateVariantFromBaseUseCase, GetVariantUseCase, ListVariantsUseCase,
  UpdateVariantParametersUseCase, ListVariantRevisionsUseCase, GetVariantRevisionUseCase, DeleteVariantUseCase,
  DeployUseCase, RevertEnvironmentUseCase, ListEnvironmentsUseCase, GetEnvironmentHistoryUseCase, ResolveConfigUseCase,
  ListEvaluatorsUseCase, CreateEvaluatorConfigUseCase, GetEvaluatorConfigUseCase, ListEvaluatorConfigsUseCase,
  UpdateEvaluatorConfigUseCase, DeleteEvaluatorConfigUseCase, CreateEvaluationUseCase, GetEvaluationUseCase, GetEvaluationProgressUseCase,
  ListEvaluationsUseCase, ListEvaluationScenariosUseCase, CompareEvaluationsUseCase, CancelEvaluationUseCase,
  DeleteEvaluationsUseCase, RunEvaluationUseCase, DispatchJobUseCase,
  ...JOB_USE_CASES,
  ...TESTSET_USE_CASES,
  ...HUMAN_EVALUATION_USE_CASES,
  ...EVALUATION_REVIEW_USE_CASES,
  ...TRACE_USE_CASES,
  ...MODEL_PROVIDERS,
  ...CONSOLE_USE_CASES,
  ...PROMPTS_USE_CASES,
];

const adapters = (outbound: (config: CrucibleConfigService) => OutboundConfig): Provider[] => [
  { provide: OutboundGuard, useFactory: (config: CrucibleConfigService) => new UndiciOutboundGuard(outbound(config)), inject: [ConfigService] },
  { provide: ServiceDefaultsReader, useClass: OpenApiServiceDefaultsReader },
  SERVICE_DESCRIBER,
  {
    provide: WorkflowInvoker,
    // Built-in workflows (prompt apps) run in process; services over HTTP.
    useFactory: (guard: OutboundGuard, config: CrucibleConfigService, builtin: BuiltinWorkflowRunner) =>
      new DispatchingWorkflowInvoker(builtin, new HttpWorkflowInvoker(guard, environmentOf(config).CRUCIBLE_INVOCATION_TIMEOUT_MS)),
    inject: [OutboundGuard, ConfigService, BuiltinWorkflowRunner],
  },
  {
    provide: LlmGateway,
    useFactory: (connections: ConnectionCredentialsSource, pricing: ModelPricing, guard: OutboundGuard, config: CrucibleConfigService) => {
      const settings = outbound(config);
      // OPENAI_BASE_URL is the operator's own choice, not a user's: its host is allowed for the environment connection only.
      const baseUrl = environmentOf(config).OPENAI_BASE_URL;
      const operatorGuard = baseUrl
        ? new UndiciOutboundGuard({ ...settings, allowedPrivateHosts: [...settings.allowedPrivateHosts, new URL(baseUrl).hostname] })
        : undefined;
      return new AiSdkLlmGateway(connections, pricing, {
        fetch: (guard as UndiciOutboundGuard).fetch, environmentFetch: operatorGuard?.fetch, close: () => operatorGuard?.onModuleDestroy(),
      });
    },
    inject: [ConnectionCredentialsSource, ModelPricing, OutboundGuard, ConfigService],
  },
  { provide: WebhookClient, useFactory: (guard: OutboundGuard) => new GuardedWebhookClient(guard), inject: [OutboundGuard] },
  {
    provide: CodeSandbox,
    useFactory: (config: CrucibleConfigService) =>
      new IsolatedVmCodeSandbox({ maxIsolates: environmentOf(config).CRUCIBLE_SANDBOX_MAX_ISOLATES ?? defaultMaxIsolates() }),
    inject: [ConfigService],
  },
  { provide: EvaluatorService, useClass: BuiltinEvaluatorService },
  DependencyHealth,
];

const tokenOf = (provider: Provider) => (typeof provider === 'function' ? provider : (provider as { provide: Provider }).provide);

/**
 * Every use case and outbound adapter, shared by the api and the workflow-runner: the two apps differ
 * only in their inbound adapters (controllers vs. queue consumers).
 */
@Module({})
export class CoreModule {
  static forRoot(config: CoreConfig): DynamicModule {
    const queue = queueProviders(config.queue);
    const mode = config.queue.kind === 'in-process' ? 'embedded' : 'distributed';
    const outbound = (service: CrucibleConfigService) => config.outbound ?? outboundConfigOf(environmentOf(service), mode);
    const reporter: Provider = {
      provide: RunReporter,
      useFactory: (settings: CrucibleConfigService) => {
        const env = environmentOf(settings);
        return new PinoRunReporter(config.logger ?? createLogger('crucible'), {
          everyRows: env.RUNNER_PROGRESS_EVERY_ROWS, everyMs: env.RUNNER_PROGRESS_EVERY_MS,
        });
      },
      inject: [ConfigService],
    };
    const providers = [
      ...useCases, ...adapters(outbound), reporter, ...providerProviders(config.database), ...gatewayProviders(config.logger), ...queue,
      ...sweeperProviders(config.queue, config.sweepIntervalMs),
    ];
    return {
      module: CoreModule,
      global: true,
      imports: [crucibleConfigModule(), PersistenceModule.forRoot(config.database)],
      providers,
      exports: providers.map(tokenOf) as Provider[],
    };
  }
}
