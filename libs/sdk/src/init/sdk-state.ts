import type { ResolvedConfig } from '@crucible/contracts';
import { ConfigCache } from '../config/config-cache';
import { RegistryClient, RegistryError } from '../config/registry-client';
import type { RedactFunction } from '../tracing/redaction';
import { TraceExporter } from '../tracing/trace-exporter';
import { loadConfigFile, SdkConfigFile } from './config-file';

export const DEFAULT_HOST = 'https://cloud.crucible.dev';

export interface InitOptions {
  /** Crucible api base URL. Default: env CRUCIBLE_HOST, else https://cloud.crucible.dev. */
  host?: string;
  /** Sent as `Authorization: ApiKey <key>`. Default: env CRUCIBLE_API_KEY. */
  apiKey?: string;
  /** JSON or YAML file with {app_id?, variant_id?, variant_revision?, environment?, default_config?}. */
  configFname?: string;
  /** Rewrites span inputs/outputs before traces leave the process. */
  redact?: RedactFunction;
  /** When redact throws: true (default) drops the data, false keeps it raw and logs a warning. */
  redactOnError?: boolean;
  /** Override the config file's references. */
  appId?: string;
  variantId?: string;
  variantRevision?: number;
  environment?: string;
  /** How long a resolved deployed configuration is fresh (default 60 s); after that it is served stale while refreshing. */
  configTtlMs?: number;
  /** Registry request time-out (default 10 s). */
  registryTimeoutMs?: number;
  /** LLM helper: default env OPENAI_BASE_URL / OPENAI_API_KEY, read at call time. */
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  /** Retries of the openai client on 429/5xx/connection errors (default 2). */
  llmMaxRetries?: number;
  llmTimeoutMs?: number;
  logger?: { warn(message: string): void };
  /**
   * Put the stack trace of a workflow's error in deployed calls' 500 answers too. Default false: only the playground
   * route (which Crucible's runner and console call) gets it; other callers see the message alone.
   */
  exposeErrors?: boolean;
  /**
   * Send every call's trace to the api's `POST /traces` in the background. Default: on when both a host and
   * an API key are known, unless env CRUCIBLE_TRACE_EXPORT is `off`.
   */
  exportTraces?: boolean;
  /** Export tuning: traces per request (100), send interval (1 000 ms), traces held while the api is away (2 000). */
  traceExport?: { batchSize?: number; flushIntervalMs?: number; maxQueue?: number };
}

export interface SdkState {
  host: string;
  apiKey?: string;
  configFile: SdkConfigFile;
  redact?: RedactFunction;
  redactOnError: boolean;
  references: { appId?: string; variantId?: string; variantRevision?: number; environment?: string };
  registry: RegistryClient;
  configCache: ConfigCache<ResolvedConfig>;
  llm: { baseUrl?: string; apiKey?: string; maxRetries: number; timeoutMs: number };
  logger: { warn(message: string): void };
  exposeErrors: boolean;
  /** null: traces only travel back in each call's answer. */
  exporter: TraceExporter | null;
}

let state: SdkState | undefined;

/**
 * Initialises the SDK (tracing, registry client, config file). Calling it again replaces the whole
 * configuration and empties the configuration cache. Without a call, defaults from the environment apply.
 */
export function init(options: InitOptions = {}): void {
  void state?.exporter?.shutdown();
  state = createState(options);
}

export function sdkState(): SdkState {
  state ??= createState({});
  return state;
}

function createState(options: InitOptions): SdkState {
  const host = (options.host ?? process.env.CRUCIBLE_HOST ?? DEFAULT_HOST).replace(/\/+$/, '');
  const apiKey = options.apiKey ?? process.env.CRUCIBLE_API_KEY ?? undefined;
  const configFile = options.configFname ? loadConfigFile(options.configFname) : {};
  const logger = options.logger ?? { warn: (message: string) => console.warn(message) };
  return {
    host,
    apiKey,
    configFile,
    redact: options.redact,
    redactOnError: options.redactOnError ?? true,
    references: {
      appId: options.appId ?? configFile.app_id,
      variantId: options.variantId ?? configFile.variant_id,
      variantRevision: options.variantRevision ?? configFile.variant_revision,
      environment: options.environment ?? configFile.environment,
    },
    registry: new RegistryClient(host, apiKey, options.registryTimeoutMs ?? 10_000),
    // A 404 or 422 is the registry's answer, not an outage: never keep serving what it says is gone.
    configCache: new ConfigCache<ResolvedConfig>(
      options.configTtlMs ?? 60_000,
      (error) => error instanceof RegistryError && error.kind !== 'unavailable',
    ),
    llm: {
      baseUrl: options.openaiBaseUrl,
      apiKey: options.openaiApiKey,
      maxRetries: options.llmMaxRetries ?? 2,
      timeoutMs: options.llmTimeoutMs ?? 60_000,
    },
    logger: { warn: (message: string) => logger.warn(message) },
    exposeErrors: options.exposeErrors ?? false,
    exporter: exportEnabled(options, host, apiKey)
      ? new TraceExporter({ host, apiKey: apiKey!, ...options.traceExport, warn: (message) => logger.warn(message) })
      : null,
  };
}

function exportEnabled(options: InitOptions, host: string, apiKey: string | undefined): boolean {
  if (options.exportTraces !== undefined) return options.exportTraces && Boolean(apiKey);
  return Boolean(host && apiKey) && process.env.CRUCIBLE_TRACE_EXPORT?.toLowerCase() !== 'off';
}
