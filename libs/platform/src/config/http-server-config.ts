import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { CrucibleEnvironment } from './environment.schema';

/** How long a connection may take and how many a process holds (ARCHITECTURE §19); api and runner alike. */
export interface HttpServerLimits {
  /** A client that has not sent its whole header by then gets 408; checked every `connectionsCheckingIntervalMs`. */
  headersTimeoutMs: number;
  connectionsCheckingIntervalMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Connections over it are closed as soon as they are accepted. */
  maxConnections: number;
  /** On close, connections still open after this are cut, so a slow or held socket cannot stall a shutdown. */
  closeGraceMs: number;
}

/** What a request body may weigh, per kind of route. */
export interface HttpBodyLimits {
  maxBodyBytes: number;
  maxTraceBodyBytes: number;
  maxUploadBytes: number;
}

export const DEFAULT_MAX_CONNECTIONS = 4096;

/** The soft `ulimit -n` of this process, when the platform says (Linux); undefined elsewhere. */
export function openFilesLimit(limitsFile = '/proc/self/limits'): number | undefined {
  try {
    const line = readFileSync(limitsFile, 'utf8').split('\n').find((entry) => entry.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    return soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
  } catch {
    return undefined;
  }
}

/** Half the descriptors at most: the rest stay for the database pool, Redis, files and /health itself. */
export function defaultMaxConnections(descriptors = openFilesLimit()): number {
  if (descriptors === undefined) return DEFAULT_MAX_CONNECTIONS;
  return Math.max(1, Math.min(DEFAULT_MAX_CONNECTIONS, Math.floor(descriptors / 2)));
}

export function httpServerLimitsOf(env: CrucibleEnvironment): HttpServerLimits {
  return {
    // 20 s + one 5 s check: a slow-header socket is gone within 25 s (§19: ≤ 60 s in all).
    headersTimeoutMs: 20_000,
    connectionsCheckingIntervalMs: 5000,
    requestTimeoutMs: 120_000,
    keepAliveTimeoutMs: 5000,
    maxConnections: env.CRUCIBLE_MAX_CONNECTIONS ?? defaultMaxConnections(),
    // Shutdown takes at most 10 s (§19): requests in flight get this long, the database and queue the rest.
    closeGraceMs: 3000,
  };
}

export function httpBodyLimitsOf(env: CrucibleEnvironment): HttpBodyLimits {
  return {
    maxBodyBytes: env.CRUCIBLE_MAX_BODY_BYTES,
    maxTraceBodyBytes: env.CRUCIBLE_MAX_TRACE_BODY_BYTES,
    maxUploadBytes: env.CRUCIBLE_MAX_UPLOAD_BYTES,
  };
}

/**
 * Applied before `listen`: Node starts its connection check when the server starts listening, with the interval
 * the server holds then.
 */
export function applyHttpServerLimits(server: Server, limits: HttpServerLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  // Not in @types/node, but read by Node's http server on 'listening' (lib/_http_server.js, setupConnectionsTracking).
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = limits.connectionsCheckingIntervalMs;
  cutConnectionsOnClose(server, limits.closeGraceMs);
}

/** `close` waits for every connection to end; one that never sends its request would hold a shutdown for ever. */
function cutConnectionsOnClose(server: Server, graceMs: number): void {
  const close = server.close.bind(server);
  server.close = (callback?: (error?: Error) => void) => {
    close(callback);
    setTimeout(() => server.closeAllConnections(), graceMs).unref();
    return server;
  };
}
