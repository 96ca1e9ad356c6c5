import { type CrucibleClient, createCrucibleClient, everyPage, nextPageCursor } from '@crucible/client';
import { ApiError } from './api-error';

/**
 * The console's client: the generated one (@crucible/client) on the console's own origin (the api serves it),
 * with `Authorization: ApiKey …`; any 401 signs the person out.
 */
export function createConsoleClient(apiKey: string, onUnauthorized: () => void): CrucibleClient {
  const client = createCrucibleClient({ baseUrl: window.location.origin, apiKey });
  client.use({
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
  if (!response.ok) throw new ApiError(response.status, (error as { detail?: unknown } | undefined)?.detail);
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
