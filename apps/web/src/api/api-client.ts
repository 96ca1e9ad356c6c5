import { type CrucibleClient, createCrucibleClient, everyPage } from '@crucible/client';
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

interface FetchOutcome { data?: unknown; error?: unknown; response: Response }

/**
 * The answer's body, or an ApiError carrying the api's `detail`. `T` names the wire shape where the OpenAPI
 * document does not declare a response schema yet.
 */
export async function unwrap<T>(call: Promise<FetchOutcome>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, (error as { detail?: unknown } | undefined)?.detail);
  return data as T;
}

/** Every item of a list, following its `Link` pages (a list answers at most 1000 items at a time). */
export const unwrapAll = <T>(page: (query: { cursor?: string }) => Promise<FetchOutcome>): Promise<T[]> =>
  everyPage(page, (outcome) => unwrap<T[]>(outcome));
