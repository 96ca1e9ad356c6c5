import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { fnv1a, seededRandom } from './mock-replies';
import { BadRequest, chatCompletion, chatCompletionChunks, embeddings, readJson } from './openai-responses';
import { anthropicError, anthropicMessage, anthropicMessageEvents } from './anthropic-responses';
import type { MockUsage, Sampler } from './mock-turn';
import { refusedKey } from './api-key-check';

/** `drop`: a stream (or a body) is cut off halfway and the connection closed. */
export type MockFailureMode = '500' | '429' | 'timeout' | 'drop';

export interface MockLlmOptions {
  port?: number;
  host?: string;
  /** Delay before every answer of /v1/chat/completions and /v1/embeddings. */
  latencyMs?: number;
  /** Share of chat/embedding requests that fail, 0..1, drawn from a PRNG seeded with `seed`. */
  failureRate?: number;
  failureMode?: MockFailureMode;
  seed?: number;
  /** When set, /v1/* answers 401 (in the route's wire format) unless the call carries this key (Bearer or x-api-key). */
  apiKey?: string;
  /** Slow-chunk mode: a streamed answer writes its events one at a time, this long apart (header `x-mock-chunk-delay-ms`). */
  chunkDelayMs?: number;
  /** Told when a streamed answer's first event is written, so a bench can time what follows it. */
  onFirstChunk?: () => void;
}

export interface MockLlmStats {
  /** Every request received on /v1/* (failed ones included). */
  requests: number;
  chatCompletions: number;
  /** Anthropic's POST /v1/messages. */
  messages: number;
  embeddings: number;
  failures: number;
  /** /v1/* requests received and not yet answered in full. */
  openRequests: number;
  /** /v1/* requests whose client closed the connection before the answer ended (a cancelled call). */
  abortedRequests: number;
  /** Tokens of every chat or message answer given, as a provider bills them (`input` includes `cachedInput`). */
  billed: MockUsage;
}

export interface MockLlmServer {
  /** Base URL ending in /v1, ready for `new OpenAI({ baseURL })`. */
  url: string;
  port: number;
  close(): Promise<void>;
  stats(): MockLlmStats;
}

export const MOCK_MODELS = ['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small', 'text-embedding-3-large', 'mock-model'];

const FAILURE_MODES: readonly MockFailureMode[] = ['500', '429', 'timeout', 'drop'];

export async function startMockLlmServer(options: MockLlmOptions = {}): Promise<MockLlmServer> {
  const random = seededRandom(options.seed ?? 42);
  const failureRate = Math.min(1, Math.max(0, options.failureRate ?? 0));
  const failureMode = options.failureMode ?? '500';
  const stats: MockLlmStats = {
    requests: 0, chatCompletions: 0, messages: 0, embeddings: 0, failures: 0, openRequests: 0, abortedRequests: 0,
    billed: { input: 0, cachedInput: 0, output: 0 },
  };
  const sockets = new Set<Socket>();
  let completionCounter = 0;
  // Per prompt, how many sampled answers it was given: the n-th answer depends on the seed, the prompt and n alone.
  const sampledCalls = new Map<string, number>();
  const sampler: Sampler = (prompt) => {
    const call = (sampledCalls.get(prompt) ?? 0) + 1;
    sampledCalls.set(prompt, call);
    return seededRandom((fnv1a(prompt) ^ Math.imul(call, 0x9e3779b1) ^ (options.seed ?? 42)) >>> 0)();
  };

  const decideFailure = (req: IncomingMessage): MockFailureMode | undefined => {
    const forced = header(req, 'x-mock-fail');
    if (forced && FAILURE_MODES.includes(forced as MockFailureMode)) return forced as MockFailureMode;
    // Draw for every request, even when failureRate is 0, so the sequence depends only on the seed and request order.
    const draw = random();
    return draw < failureRate ? failureMode : undefined;
  };

  const countOpen = (res: ServerResponse): void => {
    stats.openRequests++;
    res.once('close', () => {
      stats.openRequests--;
      if (!res.writableFinished) stats.abortedRequests++;
    });
  };
  const streamOptions = (req: IncomingMessage, drop: boolean): StreamOptions => ({
    drop, chunkDelayMs: latencyFor(req, 'x-mock-chunk-delay-ms', options.chunkDelayMs ?? 0), onFirstChunk: options.onFirstChunk,
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0].replace(/\/+$/, '') || '/';
    if (req.method === 'GET' && path === '/health') return sendJson(res, 200, { status: 'ok' });
    if (path.startsWith('/v1/')) {
      stats.requests++;
      countOpen(res);
    }
    const isMessages = path === '/v1/messages';
    const refuse = (status: number, message: string, code: string) =>
      isMessages ? sendJson(res, status, anthropicError(status, message)) : sendError(res, status, message, code);
    const refusal = path.startsWith('/v1/') ? refusedKey(req, options.apiKey) : null;
    if (refusal) return refuse(401, refusal, 'invalid_api_key');
    if (req.method === 'GET' && path === '/v1/models') {
      const created = Math.floor(Date.now() / 1000);
      return sendJson(res, 200, {
        object: 'list',
        data: MOCK_MODELS.map((id) => ({ id, object: 'model', created, owned_by: 'mock-llm' })),
      });
    }
    const isChat = path === '/v1/chat/completions';
    const isEmbeddings = path === '/v1/embeddings';
    if (!isChat && !isEmbeddings && !isMessages) return sendError(res, 404, `Unknown endpoint ${req.method} ${path}`, 'not_found');
    if (req.method !== 'POST') return refuse(405, `Use POST for ${path}`, 'method_not_allowed');
    if (isChat) stats.chatCompletions++;
    else if (isMessages) stats.messages++;
    else stats.embeddings++;

    const body = await readJson(req);
    const latency = latencyFor(req, 'x-mock-latency-ms', options.latencyMs ?? 0);
    if (latency > 0) await sleep(latency);
    if (res.destroyed) return;

    const failure = decideFailure(req);
    if (failure && failure !== 'drop') {
      stats.failures++;
      if (failure === 'timeout') return; // hold the connection open until the client gives up or the server closes
      if (failure === '429') return refuse(429, 'Rate limit reached (mock)', 'rate_limit_exceeded');
      return refuse(500, 'The server had an error while processing your request (mock)', 'server_error');
    }
    if (failure) stats.failures++;
    const counter = ++completionCounter;
    const bill = (usage: MockUsage) => {
      stats.billed = { input: stats.billed.input + usage.input, cachedInput: stats.billed.cachedInput + usage.cachedInput, output: stats.billed.output + usage.output };
    };
    const drop = failure === 'drop';
    if (body.stream === true && isChat) return sendEvents(res, chatCompletionChunks(body, counter, bill, sampler).map((data) => ['', data]), streamOptions(req, drop), '[DONE]');
    if (body.stream === true && isMessages) return sendEvents(res, anthropicMessageEvents(body, counter, bill), streamOptions(req, drop));
    const answer = isChat ? chatCompletion(body, counter, bill, sampler) : isMessages ? anthropicMessage(body, counter, bill) : embeddings(body);
    return drop ? sendHalf(res, answer) : sendJson(res, 200, answer);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof BadRequest) {
        if (req.url?.startsWith('/v1/messages')) return sendJson(res, 400, anthropicError(400, error.message));
        return sendError(res, 400, error.message, 'invalid_request_error');
      }
      sendError(res, 500, error instanceof Error ? error.message : String(error), 'server_error');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const urlHost = host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host;

  return {
    url: `http://${urlHost}:${address.port}/v1`,
    port: address.port,
    stats: () => ({ ...stats, billed: { ...stats.billed } }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Held ("timeout") and keep-alive connections would otherwise keep close() waiting forever.
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

interface StreamOptions {
  /** Half of the events are sent and the connection is cut. */
  drop: boolean;
  /** > 0: the events are written one at a time, this long apart. */
  chunkDelayMs: number;
  onFirstChunk?: () => void;
}

const eventText = ([name, data]: [string, unknown]): string => `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/** Server-sent events, all at once or (slow-chunk mode) one at a time; with `drop`, half of them are sent and the connection is cut. */
async function sendEvents(res: ServerResponse, events: Array<[string, unknown]>, options: StreamOptions, done?: string): Promise<void> {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const sent = options.drop ? events.slice(0, Math.max(1, Math.floor(events.length / 2))) : events;
  const texts = [...sent.map(eventText), ...(done && !options.drop ? [`data: ${done}\n\n`] : [])];
  const pieces = options.chunkDelayMs > 0 ? texts : [texts.join('')];
  for (const [index, piece] of pieces.entries()) {
    if (index > 0) await sleep(options.chunkDelayMs);
    if (res.destroyed) return;
    res.write(piece);
    if (index === 0) options.onFirstChunk?.();
  }
  // Cut once the half is on the wire, so the client sees an answer that starts and breaks off.
  if (options.drop) res.write('', () => res.socket?.destroy());
  else res.end();
}

/** Announces the whole body, sends half of it, and cuts the connection. */
function sendHalf(res: ServerResponse, body: unknown): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': payload.length });
  res.write(payload.subarray(0, Math.floor(payload.length / 2)), () => res.socket?.destroy());
}

function latencyFor(req: IncomingMessage, name: string, fallback: number): number {
  const raw = header(req, name);
  const parsed = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** Errors are shaped like OpenAI's so the openai package raises its usual typed errors. */
function sendError(res: ServerResponse, status: number, message: string, code: string): void {
  const type = status === 429 ? 'rate_limit_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
  sendJson(res, status, { error: { message, type, param: null, code } });
}
