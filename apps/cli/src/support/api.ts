import { type CrucibleClient, createCrucibleClient, describeApiError, everyPage } from '@crucible/client';
import { CliError } from './cli-error';
import type { Connection } from './credentials';

/** What openapi-fetch answers: `T` is the body the OpenAPI document declares for the route's success. */
interface FetchOutcome<T> { data?: T; error?: unknown; response: Response }

/** Answers that say "later", not "no": a gateway's 502/503/504 during a restart, the api's 503 or 429 when busy. */
const UNAVAILABLE = new Set([429, 502, 503, 504]);

/** The api could not answer (unreachable, timed out, 429/502/503/504): a wait may try again, other commands end. */
export class ApiUnavailableError extends CliError {
  constructor(message: string) {
    super(message);
    this.name = 'ApiUnavailableError';
  }
}

/** The generated client with every failure turned into a one-line CliError that says what the api said. */
export class Api {
  readonly client: CrucibleClient;

  constructor(readonly connection: Connection) {
    this.client = createCrucibleClient({ baseUrl: connection.host, apiKey: connection.apiKey });
  }

  /** The answer's body; a non-2xx answer or an unreachable api ends the command (exit 2). */
  async call<T>(request: Promise<FetchOutcome<T>>, what: string): Promise<T> {
    let outcome: FetchOutcome<T>;
    try {
      outcome = await request;
    } catch (error) {
      const cause = (error as { cause?: { message?: unknown } }).cause?.message;
      const reason = typeof cause === 'string' ? cause : error instanceof Error ? error.message : String(error);
      throw new ApiUnavailableError(`cannot reach the Crucible api at ${this.connection.host} (${reason})`);
    }
    const { data, error, response } = outcome;
    if (!response.ok) {
      const detail = (error as { detail?: unknown } | undefined)?.detail;
      const hint = response.status === 401 ? ' (check the API key: crucible login, or CRUCIBLE_API_KEY)' : '';
      const message = `${what}: ${describeApiError(response.status, detail)}${hint}`;
      throw UNAVAILABLE.has(response.status) ? new ApiUnavailableError(message) : new CliError(message);
    }
    return data as T;
  }

  /** Every item of a list, following its `Link` pages (a list answers at most 1000 items at a time). */
  callAll<T>(page: (query: { cursor?: string }) => Promise<FetchOutcome<T[]>>, what: string): Promise<T[]> {
    return everyPage(page, (outcome) => this.call(outcome, what));
  }
}
