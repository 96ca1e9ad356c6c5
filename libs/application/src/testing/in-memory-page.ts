import { type PageRequest, type StreamedPage, pageOfList } from '../shared/page';

/** A page of an in-memory list handed out `chunkSize` items at a time, as the database adapters stream theirs. */
export async function streamedPageOfList<T>(
  all: readonly T[], page: PageRequest, keyOf: (item: T) => string, chunkSize: number,
): Promise<StreamedPage<T>> {
  const { items, nextCursor } = pageOfList(all, page, keyOf);
  async function* chunks(): AsyncGenerator<T[]> {
    for (let start = 0; start < items.length; start += chunkSize) yield items.slice(start, start + chunkSize);
  }
  return { chunks: chunks(), nextCursor };
}

/** Every item of a streamed page, for tests that look at the whole of one. */
export async function drainStreamedPage<T>(page: StreamedPage<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const chunk of page.chunks) items.push(...chunk);
  return items;
}
