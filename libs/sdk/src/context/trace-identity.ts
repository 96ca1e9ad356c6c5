import { AsyncLocalStorage } from 'node:async_hooks';

/** Who a route call served (ARCHITECTURE §18): exported with its trace as `session_id` and `user_id`. */
export interface TraceIdentity {
  sessionId?: string;
  userId?: string;
}

/** What the api takes (an index key): longer or empty values would cost the trace its export. */
const ID_MAX_LENGTH = 128;
const usable = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= ID_MAX_LENGTH;

const storage = new AsyncLocalStorage<TraceIdentity>();

/** Runs `fn` with `identity` as the call's own, which `setTraceIdentity` inside it may change. */
export function withTraceIdentity<T>(identity: TraceIdentity, fn: () => T): T {
  return storage.run(identity, fn);
}

/**
 * Names the conversation and the end user of the current route call, e.g. from the app's own session cookie; what is
 * set here wins over the `X-Session-Id` / `X-User-Id` request headers. Outside a route call it does nothing.
 */
export function setTraceIdentity(identity: TraceIdentity): void {
  const current = storage.getStore();
  if (!current) return;
  for (const key of ['sessionId', 'userId'] as const) {
    const value = identity[key];
    if (value === undefined) continue;
    if (!usable(value)) throw new TypeError(`${key} must be a string of 1 to ${ID_MAX_LENGTH} characters`);
    current[key] = value;
  }
}

/** The identity a request names in its headers; a value the api would refuse is left out. */
export function identityFromHeaders(header: (name: string) => string | undefined): TraceIdentity {
  const sessionId = header('x-session-id');
  const userId = header('x-user-id');
  return { ...(usable(sessionId) ? { sessionId } : {}), ...(usable(userId) ? { userId } : {}) };
}
