import { ApiError } from './api-error';

/**
 * The console's only way to the api: same origin (the api serves the console), `Authorization: ApiKey …`,
 * and a 401 signs the person out.
 */
export class ApiClient {
  constructor(private readonly apiKey: string, private readonly onUnauthorized: () => void) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(path, {
      method,
      headers: { authorization: `ApiKey ${this.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 401) this.onUnauthorized();
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new ApiError(response.status, (parsed as { detail?: unknown } | undefined)?.detail);
    return parsed as T;
  }
}
