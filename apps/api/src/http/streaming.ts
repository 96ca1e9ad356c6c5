import { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { StreamedPage } from '@crucible/application';
import { linkNextPage } from './paging';

/**
 * A JSON array written a chunk at a time as the chunks are read: neither the whole list nor its whole JSON
 * text is ever in memory. Scenario lists and exports answer with it.
 */
export async function* jsonArray<T>(chunks: AsyncIterable<T[]>, present: (item: T) => unknown): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    yield `${first ? '' : ','}${chunk.map((item) => JSON.stringify(present(item))).join(',')}`;
    first = false;
  }
  yield ']';
}

/**
 * Text sent as it is produced. Whatever can fail before the first byte (not found, a bad cursor) has failed
 * before this is built, so it still answers 404 or 422; a failure afterwards cuts the connection (Nest's
 * handler), so a client never takes a truncated body for a whole one.
 */
export const streamedText = (text: AsyncIterable<string>, options: { type: string; disposition?: string }): StreamableFile =>
  new StreamableFile(Readable.from(text), options);

/** One page of a list streamed as a JSON array, with `Link: <…>; rel="next"` when more remain. */
export function streamJsonPage<T>(req: Request, res: Response, page: StreamedPage<T>, present: (item: T) => unknown): StreamableFile {
  linkNextPage(req, res, page.nextCursor);
  return streamedText(jsonArray(page.chunks, present), { type: 'application/json; charset=utf-8' });
}
