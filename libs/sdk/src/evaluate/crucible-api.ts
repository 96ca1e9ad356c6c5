import { randomUUID } from 'node:crypto';

/** Why `evaluate()` stopped: the api's refusal (`status`, its `detail`) or an api it could not reach (`status` null). */
export class EvaluateError extends Error {
  constructor(message: string, readonly status: number | null = null, readonly detail: unknown = undefined) {
    super(message);
    this.name = 'EvaluateError';
  }
}

/** A 422's `{loc, msg}` items in words: "body.scenarios.2.row_index: row 12 is not in …". */
function describeDetail(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail.map((item: { loc?: unknown[]; msg?: unknown }) => `${(item.loc ?? []).join('.')}: ${String(item.msg)}`).join('; ');
  }
  return JSON.stringify(detail) ?? 'no detail';
}

const nextLink = (header: string | null): string | null => /<([^>]+)>;\s*rel="next"/.exec(header ?? '')?.[1] ?? null;

/** The few api routes `evaluate()` calls, over fetch, with the SDK's key. */
export class CrucibleApi {
  constructor(
    private readonly host: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs: number,
  ) {}

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path).then(({ body }) => body);
  }

  /** Every item of a list, following its `Link: rel="next"` pages (ARCHITECTURE §10). */
  async list<T>(path: string): Promise<T[]> {
    const items: T[] = [];
    let next: string | null = path;
    while (next) {
      const { body, headers }: { body: T[]; headers: Headers } = await this.request<T[]>('GET', next);
      items.push(...body);
      next = nextLink(headers.get('link'));
    }
    return items;
  }

  /** With an Idempotency-Key, so the one retry after a lost answer never stores twice. */
  async post<T>(path: string, body: unknown): Promise<T> {
    const key = randomUUID();
    try {
      return (await this.request<T>('POST', path, body, key)).body;
    } catch (error) {
      if (!(error instanceof EvaluateError) || (error.status !== null && error.status < 500)) throw error;
      return (await this.request<T>('POST', path, body, key)).body;
    }
  }

  private async request<T>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<{ body: T; headers: Headers }> {
    const url = new URL(path, this.host.endsWith('/') ? this.host : `${this.host}/`);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(this.apiKey ? { authorization: `ApiKey ${this.apiKey}` } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new EvaluateError(`the Crucible api at ${this.host} is unreachable (${reason})`);
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const detail = typeof answer === 'object' && answer !== null ? (answer as { detail?: unknown }).detail : undefined;
      const hint = response.status === 401 ? ' (set CRUCIBLE_API_KEY or init({ apiKey }))' : '';
      throw new EvaluateError(`${method} ${url.pathname} answered ${response.status}: ${describeDetail(detail)}${hint}`, response.status, detail);
    }
    return { body: answer as T, headers: response.headers };
  }
}
