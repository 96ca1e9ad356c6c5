/** What a call of the typed client resolves to (openapi-fetch's FetchResponse, read loosely). */
export interface ClientOutcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a 2xx answer; any other answer fails the test with the request, its status and what the api said. */
export async function ok<T>(call: Promise<ClientOutcome<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${JSON.stringify(error)}`);
  return data as T;
}

/**
 * An answer as the suites assert on it: `{ status, body }`, the body being the 2xx data or the error body. The
 * api documents no error bodies (FastAPI's `{ detail }`: a message or the 422 items), so the body is read loosely.
 */
export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

export async function answer(call: Promise<ClientOutcome<unknown>>): Promise<Answer> {
  const { data, error, response } = await call;
  return { status: response.status, body: response.ok ? data : error, headers: response.headers };
}
