import { lookup } from 'node:dns/promises';
import { EventEmitter } from 'node:events';
import type { LookupAddress } from 'node:dns';
import { STATUS_CODES } from 'node:http';
import ipaddr from 'ipaddr.js';
import { Agent, type Dispatcher, request as undiciRequest } from 'undici';
import {
  OutboundFailureError, OutboundGuard, OutboundRefusedError, type OutboundRequest, type OutboundResponse,
} from '@crucible/application';
import { redactUrlCredentials } from '@crucible/domain';
import { AddressPolicy, type ListeningSocket } from './address-policy';
import type { OutboundConfig } from './outbound-config';

interface CheckedTarget {
  url: URL;
  addresses: LookupAddress[];
  authorization?: string;
  /** The pool of connections this target may use: one per origin and checked answer set. */
  poolKey: string;
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** Connection pools kept at once; the least recently used one is closed beyond this. */
const MAX_POOLS = 64;
/** URLs with an address for a host whose check is kept (all are forgotten at once past this). */
const MAX_LITERAL_TARGETS = 1024;

/**
 * OutboundGuard over undici. A host name is resolved once per request, every answer is checked, and the connection's
 * own lookup is pinned to the checked answers: a DNS server that answers differently the second time (rebinding)
 * is never asked again. Connections are kept alive in one pool per origin and checked answer set, so a pooled
 * connection can only ever lead to addresses that passed the check. Redirects are refused, answers are read up
 * to a byte cap.
 */
export class UndiciOutboundGuard extends OutboundGuard {
  private readonly policy: AddressPolicy;
  private readonly pools = new Map<string, Agent>();
  private readonly literalTargets = new Map<string, CheckedTarget>();

  constructor(private readonly config: OutboundConfig) {
    super();
    this.policy = new AddressPolicy(config.allowedPrivateHosts);
  }

  protectListeningSocket(socket: ListeningSocket): void {
    this.policy.protect(socket);
    this.literalTargets.clear();
  }

  async check(url: string): Promise<void> {
    await this.resolve(url, { unresolvableIsRefused: false });
  }

  async request(url: string, call: OutboundRequest): Promise<OutboundResponse> {
    const target = await this.resolve(url, { unresolvableIsRefused: true });
    const shown = redactUrlCredentials(url);
    // A plain timer and an emitter, not AbortSignal.timeout: that one's timer outlives the answer (and the runner
    // makes a thousand calls a second), and its EventTarget cost more than the request's own bookkeeping.
    const deadline = new EventEmitter();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      deadline.emit('abort');
    }, call.timeoutMs);
    const cancel = () => deadline.emit('abort');
    call.signal?.addEventListener('abort', cancel, { once: true });
    let answering = false;
    try {
      call.signal?.throwIfAborted();
      const response = await undiciRequest(target.url, {
        method: call.method,
        dispatcher: this.poolFor(target),
        signal: deadline,
        headers: {
          accept: 'application/json',
          ...(call.json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(target.authorization ? { authorization: target.authorization } : {}),
          ...call.headers,
        },
        body: call.json === undefined ? undefined : JSON.stringify(call.json),
      });
      if (response.statusCode >= 300 && response.statusCode < 400) {
        discard(response.body);
        throw new OutboundFailureError('redirect', `${shown} answered ${response.statusCode} (a redirect); redirects are not followed`);
      }
      answering = true;
      const text = await response.body.text();
      return { status: response.statusCode, statusText: STATUS_CODES[response.statusCode] ?? '', text };
    } catch (error) {
      if (error instanceof OutboundFailureError) throw error;
      if (call.signal?.aborted && !timedOut) throw error; // the caller's own cancellation: it says why
      if (timedOut) throw new OutboundFailureError('timeout', `${shown} did not answer within ${call.timeoutMs} ms`);
      if ((error as { code?: unknown }).code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
        throw new OutboundFailureError('too_large', `${shown} answered more than ${this.config.maxResponseBytes} bytes (CRUCIBLE_MAX_RESPONSE_BYTES)`);
      }
      if (answering) throw new OutboundFailureError('broke_off', `${shown} broke off its answer before its end: ${networkReason(error)}`);
      throw new OutboundFailureError('unreachable', `cannot reach ${shown}: ${networkReason(error)}`);
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', cancel);
    }
  }

  /**
   * A `fetch` for SDKs that take one (the AI SDK's providers): the same checks and pinned pools as `request`, the
   * answer streamed as it comes, redirects answered as they are (never followed). Rejects with OutboundRefusedError
   * or OutboundFailureError before anything is sent. Built on `undici.request`, not undici's `fetch`: on the
   * gateway's hot path fetch's Request, Headers and web streams cost more CPU than the rest of the call.
   */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const target = await this.resolve(raw, { unresolvableIsRefused: true });
    const headers = plainHeaders(init?.headers);
    if (target.authorization && headers['authorization'] === undefined) headers['authorization'] = target.authorization;
    let answer: Dispatcher.ResponseData;
    try {
      answer = await undiciRequest(target.url, {
        method: (init?.method ?? 'GET') as Dispatcher.HttpMethod, headers, body: init?.body as string | Uint8Array | null | undefined,
        signal: init?.signal ?? undefined, dispatcher: this.poolFor(target),
      });
    } catch (error) {
      if (init?.signal?.aborted) throw error; // the caller's own deadline: it says why
      throw new OutboundFailureError('unreachable', `cannot reach ${redactUrlCredentials(raw)}: ${networkReason(error)}`);
    }
    return responseOf(answer);
  };

  /** Closes every pooled connection when the application shuts down (Nest calls this on every provider). */
  async onModuleDestroy(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.destroy().catch(() => undefined)));
  }

  private poolFor(target: CheckedTarget): Agent {
    let pool = this.pools.get(target.poolKey);
    if (pool) this.pools.delete(target.poolKey); // re-inserted below: the map's order is the order of use
    else pool = new Agent({ connect: { lookup: pinnedLookup(target.addresses) }, maxResponseSize: this.config.maxResponseBytes });
    this.pools.set(target.poolKey, pool);
    if (this.pools.size > MAX_POOLS) {
      const [oldest, evicted] = this.pools.entries().next().value as [string, Agent];
      this.pools.delete(oldest);
      void evicted.close().catch(() => undefined);
    }
    return pool;
  }

  private async resolve(raw: string, options: { unresolvableIsRefused: boolean }): Promise<CheckedTarget> {
    const known = this.literalTargets.get(raw);
    if (known) return known;
    const url = parseHttpUrl(raw);
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const literal = ipaddr.isValid(hostname);
    let addresses: LookupAddress[];
    if (literal) {
      addresses = [{ address: hostname, family: hostname.includes(':') ? 6 : 4 }];
    } else {
      try {
        addresses = await lookup(hostname, { all: true, verbatim: true });
      } catch (error) {
        if (!options.unresolvableIsRefused) return { url, addresses: [], poolKey: '' };
        throw new OutboundFailureError('unreachable', `cannot resolve ${hostname}: ${networkReason(error)}`);
      }
    }
    for (const { address } of addresses) {
      const refusal = this.policy.refusal(hostname, address, port);
      if (refusal) throw new OutboundRefusedError(`${redactUrlCredentials(raw)} is refused: ${refusal}`);
    }
    const checked = withoutCredentials(url);
    const target = {
      url: checked, addresses, authorization: basicAuthorization(url),
      poolKey: `${checked.origin} ${addresses.map(({ address, family }) => `${family}/${address}`).join(',')}`,
    };
    // A host written as an address resolves to itself: its check holds until the policy changes (a socket to
    // protect), so a runner calling the same URL a thousand times a second checks it once. Names are resolved
    // every time, so that the answer checked is the answer the connection uses.
    if (literal) {
      if (this.literalTargets.size >= MAX_LITERAL_TARGETS) this.literalTargets.clear();
      this.literalTargets.set(raw, target);
    }
    return target;
  }
}

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError(`"${redactUrlCredentials(raw).slice(0, 200)}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefusedError(`${url.protocol} URLs are refused: only http and https are called`);
  }
  return url;
}

/** The connection resolves its host through this: it can only ever get the answers that were checked. */
function pinnedLookup(addresses: LookupAddress[]) {
  return (_hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    if (options.all) return callback(null, addresses);
    const wanted = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const chosen = addresses.find((candidate) => !wanted || candidate.family === wanted) ?? addresses[0];
    callback(null, chosen.address, chosen.family);
  };
}

type ResponseBody = NodeJS.EventEmitter & { destroy(): void };

/** Stops reading; the abort error that destroying the stream emits is expected, not a crash. */
function discard(body: ResponseBody): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** The caller's headers as undici takes them, names in lower case (as `Headers` would give them). */
function plainHeaders(init: HeadersInit | undefined): Record<string, string> {
  const plain: Record<string, string> = {};
  if (!init) return plain;
  if (init instanceof Headers) {
    init.forEach((value, name) => {
      plain[name] = value;
    });
    return plain;
  }
  if (Array.isArray(init)) {
    for (const [name, value] of init) plain[name!.toLowerCase()] = value!;
    return plain;
  }
  for (const [name, value] of Object.entries(init)) if (value !== undefined) plain[name.toLowerCase()] = value;
  return plain;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** undici's answer as a fetch Response, its body streamed as it comes (Server-Sent Events are read delta by delta). */
function responseOf(answer: Dispatcher.ResponseData): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.append(name, value);
  }
  const init = { status: answer.statusCode, statusText: STATUS_CODES[answer.statusCode] ?? '', headers };
  if (NULL_BODY_STATUSES.has(answer.statusCode)) {
    discard(answer.body);
    return new Response(null, init);
  }
  return new Response(webBody(answer.body), init);
}

/**
 * A pull stream over undici's body. A connection that breaks off mid-answer errors it as undici's fetch did
 * ("terminated"), which is how the provider-failure mapping recognises it; the caller's abort passes as it is.
 */
function webBody(body: Dispatcher.ResponseData['body']): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        const name = (error as { name?: unknown }).name;
        controller.error(name === 'AbortError' ? error : new TypeError('terminated', { cause: error }));
      }
    },
    cancel() {
      discard(body);
    },
  }, { highWaterMark: 0 });
}

function withoutCredentials(url: URL): URL {
  const copy = new URL(url);
  copy.username = '';
  copy.password = '';
  return copy;
}

/** Credentials written into a URL travel as Basic auth, never in the request line or a log. */
function basicAuthorization(url: URL): string | undefined {
  if (!url.username && !url.password) return undefined;
  const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return `Basic ${Buffer.from(pair).toString('base64')}`;
}

/** undici hides the useful part (ECONNREFUSED, ENOTFOUND...) in `cause` or `code`. */
function networkReason(error: unknown): string {
  const fields = error as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  if (typeof fields.cause?.code === 'string') return fields.cause.code;
  if (typeof fields.code === 'string' && fields.code.startsWith('E')) return fields.code;
  return typeof fields.message === 'string' ? fields.message : String(error);
}
