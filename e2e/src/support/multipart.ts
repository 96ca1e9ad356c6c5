import type { CrucibleClient, paths } from '@crucible/client';
import type { HttpClient, HttpResponse } from './http-client';

export interface UploadedFile {
  name: string;
  content: string;
  type?: string;
}

type UploadForm = paths['/testsets/upload']['post']['requestBody']['content']['multipart/form-data'];

function formOf(fields: Record<string, string | UploadedFile | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([value.content], { type: value.type ?? 'application/octet-stream' }), value.name);
  }
  return form;
}

/**
 * Uploads a test set the way a browser form or `curl -F` does, through the typed client: the typed body names the
 * fields, the serializer hands fetch the form (which writes the multipart boundary itself), as the console does.
 */
export function uploadTestset(api: CrucibleClient, fields: Omit<UploadForm, 'file'> & { file: UploadedFile }) {
  return api.POST('/testsets/upload', { body: { ...fields, file: fields.file.name }, bodySerializer: () => formOf(fields) });
}

/** The same form without the typed client: only for fields the contract forbids (no file, an unknown upload type). */
export async function postMultipart<T = any>(
  client: HttpClient,
  path: string,
  fields: Record<string, string | UploadedFile>,
  apiKey?: string,
): Promise<HttpResponse<T>> {
  const response = await fetch(`${client.baseUrl}${path}`, {
    method: 'POST',
    headers: apiKey ? { authorization: `ApiKey ${apiKey}` } : {},
    body: formOf(fields),
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
