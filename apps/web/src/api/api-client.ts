import { type CrucibleClient, createCrucibleClient, everyPage, nextPageCursor } from '@crucible/client';
import type { Credentials } from '../auth/session';
import { readCsrfToken } from '../auth/credential-store';
import { ApiError } from './api-error';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The console's client: the generated one (@crucible/client) on the console's own origin (the api serves it).
 * With a session, the browser sends the HttpOnly cookie itself (same-origin credentials); every change echoes the
 * readable `crucible_csrf` cookie in `X-Crucible-CSRF`, and every request names the picked project in
 * `X-Crucible-Project`. With an API key, `Authorization: ApiKey …` and nothing else. Any 401 signs the person out.
 */
export function createConsoleClient(credentials: Credentials | null, projectId: string | null, onUnauthorized: () => void): CrucibleClient {
  const client = createCrucibleClient({
    baseUrl: window.location.origin,
    apiKey: credentials?.kind === 'api_key' ? credentials.key : undefined,
    fetch: (request) => fetch(new Request(request, { credentials: 'same-origin' })),
  });
  client.use({
    onRequest({ request }) {
      if (credentials?.kind === 'api_key') return undefined;
      if (projectId) request.headers.set('X-Crucible-Project', projectId);
      const csrf = readCsrfToken();
      if (csrf && CHANGING_METHODS.has(request.method)) request.headers.set('X-Crucible-CSRF', csrf);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) onUnauthorized();
      return undefined;
    },
  });
  return client;
}

/** What openapi-fetch answers: `T` is the body the OpenAPI document declares for the route's success. */
interface FetchOutcome<T> { data?: T; error?: unknown; response: Response }

/** The answer's body, typed by the route's declared response, or an ApiError carrying the api's `detail`. */
export async function unwrap<T>(call: Promise<FetchOutcome<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) {
    throw new ApiError(response.status, (error as { detail?: unknown } | undefined)?.detail, retryAfterSeconds(response.headers.get('retry-after')));
  }
  // A 2xx carries the declared body; only a 204 carries none, and its callers read nothing.
  return data as T;
}

/** Every item of a list, following its `Link` pages (a list answers at most 1000 items at a time). */
export const unwrapAll = <T>(page: (query: { cursor?: string }) => Promise<FetchOutcome<T[]>>): Promise<T[]> =>
  everyPage(page, (outcome) => unwrap(outcome));

/** One page of a list: its items and the next page's cursor from `Link` (null on the last page). */
export async function unwrapPage<T>(call: Promise<FetchOutcome<T[]>>): Promise<{ items: T[]; next: string | null }> {
  const items = await unwrap(call);
  return { items, next: nextPageCursor((await call).response.headers.get('link')) };
}

/** `Retry-After` in seconds (the api sends seconds; an HTTP date is read too). */
function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
