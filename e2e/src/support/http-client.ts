export interface HttpResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * Raw JSON over fetch, for what the typed client (`RunningApi.api`) cannot send: bodies the contract forbids, JSON
 * text written by hand, and paths outside /openapi.json (Agenta's trailing slashes, /openapi.json itself).
 */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    private readonly apiKey?: string,
  ) {}

  withKey(apiKey: string | undefined): HttpClient {
    return new HttpClient(this.baseUrl, apiKey);
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpResponse<T>> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.apiKey ? { authorization: `ApiKey ${this.apiKey}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body ?? {});
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body ?? {});
  delete = <T = any>(path: string, body?: unknown) => this.request<T>('DELETE', path, body);
}
