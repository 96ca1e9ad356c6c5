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

/** A part of a form sent as a stream: a text field, or a file whose bytes are produced as they are sent. */
export type StreamedPart = { name: string; value: string } | { name: string; fileName: string; content: () => AsyncIterable<string> };

/**
 * Posts a multipart form chunked, its file generated as it is sent (never held whole by the test), and answers
 * the status and JSON body. `abortAfterBytes` cuts the connection after that many bytes of the file, as a client gone.
 */
export async function postStreamedForm(
  baseUrl: string, path: string, apiKey: string, parts: StreamedPart[], options: { abortAfterBytes?: number } = {},
): Promise<{ status: number; body: any } | { aborted: true }> {
  const { request } = await import('node:http');
  const { Readable } = await import('node:stream');
  const boundary = `----crucible-e2e-${Date.now()}`;
  const controller = new AbortController();
  async function* body(): AsyncGenerator<Buffer> {
    let fileBytes = 0;
    for (const part of parts) {
      const disposition = 'fileName' in part ? `form-data; name="${part.name}"; filename="${part.fileName}"` : `form-data; name="${part.name}"`;
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`);
      if ('value' in part) yield Buffer.from(part.value);
      else {
        for await (const text of part.content()) {
          const bytes = Buffer.from(text);
          fileBytes += bytes.length;
          yield bytes;
          if (options.abortAfterBytes !== undefined && fileBytes >= options.abortAfterBytes) {
            controller.abort();
            return;
          }
        }
      }
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, {
      method: 'POST', signal: controller.signal,
      headers: { authorization: `ApiKey ${apiKey}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
      });
    });
    req.on('error', (error) => (controller.signal.aborted ? resolve({ aborted: true }) : reject(error)));
    Readable.from(body()).pipe(req);
  });
}
