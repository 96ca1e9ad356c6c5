import cluster from 'node:cluster';
import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  BackgroundTraceWriter, BuiltinWorkflowRunner, InvitationMailer, OidcClient, OidcSignInPolicy, PasswordHasher, CachedProviderConnectionDirectory, CodeSandbox, ComparisonCache, DispatchingWorkflowInvoker, ComparisonSlots, ConnectionCredentialsSource, CustomThenCatalogPricing, EnvironmentConnectionSettings,
  EvaluatorService, LlmGateway, ModelCatalog, ModelPricing, OnlineEvaluationSettings, OutboundGuard, ProviderConnectionDirectory, ProviderProbe, ProviderReadCache, RunReporter,
  NoSiblingProcesses, ServiceDescriber, SiblingProcesses, StoredConnectionCredentialsSource, TraceIngestLimits, TraceRepository, WebhookClient, WorkflowInvoker,
} from '@crucible/application';
import { BuiltinEvaluatorService } from '@crucible/evaluators';
import {
  AiSdkLlmGateway, Argon2PasswordHasher, ClusterSiblingProcesses, GenaiPricesCatalog, NodemailerInvitationMailer, UnconfiguredInvitationMailer, OpenIdConnectClient, UnconfiguredOidcClient, GuardedProviderProbe, GuardedWebhookClient, HttpWorkflowInvoker, IsolatedVmCodeSandbox,
  OpenApiServiceDescriber, type OutboundConfig, UndiciOutboundGuard, defaultMaxIsolates,
} from '@crucible/integrations';
import { type DatabaseConfig, SqlProviderConnectionDirectory } from '@crucible/persistence';
import type { Logger } from 'pino';
import { CRUCIBLE_ENVIRONMENT } from './config/crucible-environment';
import type { CrucibleEnvironment } from './config/environment.schema';
import { PinoRunReporter } from './logging/pino-run-reporter';
import { loggableError } from './logging/loggable-error';
import { DependencyHealth } from './health/dependency-health';
import { secretCipherProvider } from './secret-cipher.provider';

/** Every outbound call (services, LLMs, webhooks, provider probes) goes through the one guard (§12). */
const outboundAdapters = (outbound: OutboundConfig): Provider[] => [
  { provide: OutboundGuard, useFactory: () => new UndiciOutboundGuard(outbound) },
  { provide: ServiceDescriber, useFactory: (guard: OutboundGuard) => new OpenApiServiceDescriber(guard), inject: [OutboundGuard] },
  {
    provide: WorkflowInvoker,
    // Built-in workflows (prompt apps) run in process; services over HTTP.
    useFactory: (guard: OutboundGuard, environment: CrucibleEnvironment, builtin: BuiltinWorkflowRunner) =>
      new DispatchingWorkflowInvoker(builtin, new HttpWorkflowInvoker(guard, environment.CRUCIBLE_INVOCATION_TIMEOUT_MS)),
    inject: [OutboundGuard, CRUCIBLE_ENVIRONMENT, BuiltinWorkflowRunner],
  },
  {
    provide: LlmGateway,
    useFactory: (connections: ConnectionCredentialsSource, pricing: ModelPricing, guard: OutboundGuard, environment: CrucibleEnvironment) => {
      // OPENAI_BASE_URL is the operator's own choice, not a user's: its host is allowed for the environment connection only.
      const baseUrl = environment.OPENAI_BASE_URL;
      const operatorGuard = baseUrl
        ? new UndiciOutboundGuard({ ...outbound, allowedPrivateHosts: [...outbound.allowedPrivateHosts, new URL(baseUrl).hostname] })
        : undefined;
      return new AiSdkLlmGateway(connections, pricing, {
        fetch: (guard as UndiciOutboundGuard).fetch, environmentFetch: operatorGuard?.fetch, outbound: guard, environmentOutbound: operatorGuard,
        close: () => operatorGuard?.onModuleDestroy(),
      });
    },
    inject: [ConnectionCredentialsSource, ModelPricing, OutboundGuard, CRUCIBLE_ENVIRONMENT],
  },
  { provide: WebhookClient, useFactory: (guard: OutboundGuard) => new GuardedWebhookClient(guard), inject: [OutboundGuard] },
  { provide: ProviderProbe, useFactory: (guard: OutboundGuard) => new GuardedProviderProbe(guard), inject: [OutboundGuard] },
];

/** Provider connections, their sealed keys, the model catalog and pricing (ARCHITECTURE §15). */
const providerAdapters = (database: DatabaseConfig): Provider[] => [
  secretCipherProvider(database),
  {
    provide: EnvironmentConnectionSettings,
    useFactory: ({ OPENAI_API_KEY, OPENAI_BASE_URL }: CrucibleEnvironment): EnvironmentConnectionSettings => ({ apiKey: OPENAI_API_KEY, baseUrl: OPENAI_BASE_URL }),
    inject: [CRUCIBLE_ENVIRONMENT],
  },
  ProviderReadCache,
  { provide: ConnectionCredentialsSource, useClass: StoredConnectionCredentialsSource },
  { provide: ModelCatalog, useClass: GenaiPricesCatalog },
  { provide: ModelPricing, useClass: CustomThenCatalogPricing },
  {
    provide: ProviderConnectionDirectory,
    useFactory: (dataSource: DataSource, environment: CrucibleEnvironment, cache: ProviderReadCache) =>
      new CachedProviderConnectionDirectory(new SqlProviderConnectionDirectory(dataSource, Boolean(environment.OPENAI_API_KEY)), cache),
    inject: [DataSource, CRUCIBLE_ENVIRONMENT, ProviderReadCache],
  },
];

/** What the contexts' use cases need besides repositories and the queue: adapters, and the settings they read. */
export const coreAdapters = (database: DatabaseConfig, outbound: OutboundConfig, logger: Logger): Provider[] => [
  ...outboundAdapters(outbound),
  ...providerAdapters(database),
  {
    provide: CodeSandbox,
    useFactory: (environment: CrucibleEnvironment) =>
      new IsolatedVmCodeSandbox({ maxIsolates: environment.CRUCIBLE_SANDBOX_MAX_ISOLATES ?? defaultMaxIsolates() }),
    inject: [CRUCIBLE_ENVIRONMENT],
  },
  { provide: EvaluatorService, useClass: BuiltinEvaluatorService },
  {
    provide: RunReporter,
    useFactory: (environment: CrucibleEnvironment) =>
      new PinoRunReporter(logger, { everyRows: environment.RUNNER_PROGRESS_EVERY_ROWS, everyMs: environment.RUNNER_PROGRESS_EVERY_MS }),
    inject: [CRUCIBLE_ENVIRONMENT],
  },
  {
    provide: ComparisonSlots,
    useFactory: (environment: CrucibleEnvironment) => new ComparisonSlots(environment.CRUCIBLE_MAX_CONCURRENT_COMPARISONS),
    inject: [CRUCIBLE_ENVIRONMENT],
  },
  { provide: ComparisonCache, useFactory: () => new ComparisonCache() },
  {
    provide: TraceIngestLimits,
    useFactory: (environment: CrucibleEnvironment): TraceIngestLimits => ({ maxSpansPerTrace: environment.CRUCIBLE_MAX_SPANS_PER_TRACE }),
    inject: [CRUCIBLE_ENVIRONMENT],
  },
  {
    provide: OnlineEvaluationSettings,
    useFactory: (environment: CrucibleEnvironment): OnlineEvaluationSettings => ({
      selfPauseAfterMs: environment.CRUCIBLE_ONLINE_EVALUATION_SELF_PAUSE_SECONDS * 1000,
    }),
    inject: [CRUCIBLE_ENVIRONMENT],
  },
  {
    // The gateway's traces are written behind its answers (§16).
    provide: BackgroundTraceWriter,
    useFactory: (traces: TraceRepository, limits: TraceIngestLimits, pricing: ModelPricing) => new BackgroundTraceWriter(
      traces, limits, pricing, (error, count) => logger.error({ err: loggableError(error), traces: count }, 'gateway traces were not written'),
    ),
    inject: [TraceRepository, TraceIngestLimits, ModelPricing],
  },
  // An api worker of CRUCIBLE_API_WORKERS tells its siblings what its changes drop from their caches.
  { provide: SiblingProcesses, useFactory: () => (cluster.isWorker ? new ClusterSiblingProcesses() : new NoSiblingProcesses()) },
  DependencyHealth,
  { provide: PasswordHasher, useClass: Argon2PasswordHasher },
  {
    provide: InvitationMailer,
    useFactory: ({ CRUCIBLE_SMTP_URL, CRUCIBLE_SMTP_FROM }: CrucibleEnvironment): InvitationMailer => (CRUCIBLE_SMTP_URL
      ? new NodemailerInvitationMailer(CRUCIBLE_SMTP_URL, CRUCIBLE_SMTP_FROM, (error, to) =>
        logger.warn({ err: loggableError(error), to }, 'the invitation was not mailed (its link is in the answer)'))
      : new UnconfiguredInvitationMailer()),
    inject: [CRUCIBLE_ENVIRONMENT],
  },
  {
    provide: OidcClient,
    useFactory: (environment: CrucibleEnvironment): OidcClient => {
      const { CRUCIBLE_OIDC_ISSUER: issuer, CRUCIBLE_OIDC_CLIENT_ID: clientId, CRUCIBLE_OIDC_CLIENT_SECRET: clientSecret } = environment;
      return issuer && clientId && clientSecret
        ? new OpenIdConnectClient({ issuer, clientId, clientSecret, name: environment.CRUCIBLE_OIDC_NAME })
        : new UnconfiguredOidcClient();
    },
    inject: [CRUCIBLE_ENVIRONMENT],
  },
  {
    provide: OidcSignInPolicy,
    useFactory: (environment: CrucibleEnvironment): OidcSignInPolicy => ({ autoJoinRole: environment.CRUCIBLE_OIDC_AUTO_JOIN_ROLE ?? null }),
    inject: [CRUCIBLE_ENVIRONMENT],
  },
];
