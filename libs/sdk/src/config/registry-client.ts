import { ResolvedConfig, resolvedConfigSchema } from '@crucible/contracts';

/** Which deployed configuration to resolve: an app's environment, or a variant (latest or pinned revision). */
export type ConfigReference =
  | { kind: 'environment'; appId: string; environment: string }
  /** getPrompt's reference by the app's name. */
  | { kind: 'environment'; appName: string; environment: string }
  | { kind: 'variant'; variantId: string; revision?: number };

const appOf = (reference: ConfigReference & { kind: 'environment' }): string =>
  ('appName' in reference ? `"${reference.appName}"` : reference.appId);

export type RegistryErrorKind = 'not_found' | 'invalid' | 'unavailable';

/** status: what the SDK service answers its caller with. */
export class RegistryError extends Error {
  constructor(
    readonly kind: RegistryErrorKind,
    readonly status: 404 | 422 | 503,
    readonly detail: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'RegistryError';
  }
}

export function describeReference(reference: ConfigReference): string {
  return reference.kind === 'environment'
    ? `environment "${reference.environment}" of app ${appOf(reference)}`
    : `variant ${reference.variantId}${reference.revision ? ` revision ${reference.revision}` : ' (latest revision)'}`;
}

export function referenceKey(reference: ConfigReference): string {
  return reference.kind === 'environment'
    ? `env:${appOf(reference)}:${reference.environment}`
    : `variant:${reference.variantId}:${reference.revision ?? 'latest'}`;
}

/** Client of the Crucible api's configuration registry (`GET {host}/configs`). */
export class RegistryClient {
  constructor(
    private readonly host: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs: number,
  ) {}

  async fetchConfig(reference: ConfigReference): Promise<ResolvedConfig> {
    const url = new URL('configs', this.host.endsWith('/') ? this.host : `${this.host}/`);
    if (reference.kind === 'environment') {
      if ('appName' in reference) url.searchParams.set('app_name', reference.appName);
      else url.searchParams.set('app_id', reference.appId);
      url.searchParams.set('environment', reference.environment);
    } else {
      url.searchParams.set('variant_id', reference.variantId);
      if (reference.revision !== undefined) url.searchParams.set('revision', String(reference.revision));
    }
    const what = describeReference(reference);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json', ...(this.apiKey ? { authorization: `ApiKey ${this.apiKey}` } : {}) },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw this.unavailable(`the Crucible registry at ${this.host} is unreachable (${reason}) and no configuration is cached for ${what}`);
    }
    const body: unknown = await response.json().catch(() => undefined);
    const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
    if (response.status === 404) {
      const message = typeof detail === 'string' ? detail : `No configuration found for ${what}`;
      throw new RegistryError('not_found', 404, message, message);
    }
    if (response.status === 422) {
      throw new RegistryError('invalid', 422, detail ?? `The registry rejected the request for ${what}`, `Invalid reference: ${what}`);
    }
    if (response.status === 401 || response.status === 403) {
      throw this.unavailable(`the Crucible registry at ${this.host} rejected the SDK's API key (${response.status}); set CRUCIBLE_API_KEY or init({ apiKey })`);
    }
    if (!response.ok) {
      throw this.unavailable(`the Crucible registry at ${this.host} answered ${response.status} for ${what} and no configuration is cached`);
    }
    const parsed = resolvedConfigSchema.safeParse(body);
    if (!parsed.success) throw this.unavailable(`the Crucible registry at ${this.host} answered an unexpected body for ${what}`);
    return parsed.data;
  }

  private unavailable(message: string): RegistryError {
    return new RegistryError('unavailable', 503, `Configuration unavailable: ${message}`, `Configuration unavailable: ${message}`);
  }
}
