import type { HttpClient, HttpResponse } from './http-client';

export interface UploadedFile {
  name: string;
  content: string;
  type?: string;
}

/** Posts multipart/form-data (a file and text fields) the way a browser form or `curl -F` does. */
export async function postMultipart<T = any>(
  client: HttpClient,
  path: string,
  fields: Record<string, string | UploadedFile>,
  apiKey?: string,
): Promise<HttpResponse<T>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([value.content], { type: value.type ?? 'application/octet-stream' }), value.name);
  }
  // fetch sets the multipart content-type with its boundary itself.
  const response = await fetch(`${client.baseUrl}${path}`, {
    method: 'POST',
    headers: apiKey ? { authorization: `ApiKey ${apiKey}` } : {},
    body: form,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: body as T, headers: response.headers };
}
