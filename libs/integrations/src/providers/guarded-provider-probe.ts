import { performance } from 'node:perf_hooks';
import {
  type ConnectionCredentials, OutboundFailureError, OutboundGuard, OutboundRefusedError, type ProbeResult, ProviderProbe,
  foreignExcerpt,
} from '@crucible/application';

const PROBE_TIMEOUT_MS = 10_000;
const ANTHROPIC_VERSION = '2023-06-01';

interface ProbeCall {
  url: string;
  headers: Record<string, string>;
}

/** Lists the provider's models: the cheapest real call that needs a valid key. */
function probeCall(credentials: ConnectionCredentials, defaultBaseUrl: string | null): ProbeCall {
  const base = (credentials.baseUrl ?? defaultBaseUrl ?? '').replace(/\/+$/, '');
  const key = credentials.apiKey;
  const extra = credentials.headers ?? {};
  switch (credentials.kind) {
    case 'anthropic':
      // Anthropic's SDK takes a base URL ending in /v1; one without it is completed.
      return {
        url: `${base.endsWith('/v1') ? base : `${base}/v1`}/models`,
        headers: { ...extra, 'anthropic-version': ANTHROPIC_VERSION, ...(key ? { 'x-api-key': key } : {}) },
      };
    case 'gemini':
      // The key travels as a header, not `?key=`: a URL ends up in error messages.
      return { url: `${base}/models`, headers: { ...extra, ...(key ? { 'x-goog-api-key': key } : {}) } };
    case 'azure_openai': {
      const version = credentials.apiVersion ? `?api-version=${encodeURIComponent(credentials.apiVersion)}` : '';
      return { url: `${base}/models${version}`, headers: { ...extra, ...(key ? { 'api-key': key } : {}) } };
    }
    default:
      return { url: `${base}/models`, headers: { ...extra, ...(key ? { authorization: `Bearer ${key}` } : {}) } };
  }
}

/** The provider's own message when its body has one (OpenAI and Anthropic: error.message), else the body. */
function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof body.error === 'object' && typeof body.error?.message === 'string') return body.error.message;
    if (typeof body.error === 'string') return body.error;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: the body itself
  }
  return text;
}

function modelNames(text: string): string[] {
  try {
    const body = JSON.parse(text) as { data?: Array<{ id?: unknown }>; models?: Array<{ name?: unknown; id?: unknown }> };
    const listed = body.data ?? body.models ?? [];
    return listed.map((model) => (model as { id?: unknown }).id ?? (model as { name?: unknown }).name)
      .filter((name): name is string => typeof name === 'string')
      .map((name) => name.replace(/^models\//, ''));
  } catch {
    return [];
  }
}

/** A server may echo what it was sent: every secret of the call is cut out of what we repeat. */
function withoutSecrets(text: string, credentials: ConnectionCredentials): string {
  const secrets = [credentials.apiKey, ...Object.values(credentials.headers ?? {})].filter((s): s is string => !!s && s.length >= 4);
  return secrets.reduce((clean, secret) => clean.split(secret).join('[redacted]'), text);
}

/** Probes through the outbound guard (§12): the base URL's address is checked on every call. */
export class GuardedProviderProbe extends ProviderProbe {
  constructor(private readonly guard: OutboundGuard) {
    super();
  }

  async probe(credentials: ConnectionCredentials, defaultBaseUrl: string | null): Promise<ProbeResult> {
    const call = probeCall(credentials, defaultBaseUrl);
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const response = await this.guard.request(call.url, { method: 'GET', headers: call.headers, timeoutMs: PROBE_TIMEOUT_MS });
      if (response.status >= 200 && response.status < 300) return { ok: true, latencyMs: latency(), models: modelNames(response.text) };
      const message = foreignExcerpt(withoutSecrets(messageOf(response.text), credentials));
      return { ok: false, latencyMs: latency(), error: { status: response.status, message } };
    } catch (error) {
      if (!(error instanceof OutboundFailureError || error instanceof OutboundRefusedError)) throw error;
      return { ok: false, latencyMs: latency(), error: { message: foreignExcerpt(withoutSecrets(error.message, credentials)) } };
    }
  }
}
