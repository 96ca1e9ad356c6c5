/**
 * Lists answer a page at a time (ARCHITECTURE §10): `Link: <…?cursor=…>; rel="next"` while more remain. This
 * reads the next page's cursor from that header, or null on the last page.
 */
export function nextPageCursor(link: string | null): string | null {
  const target = /<([^>]+)>;\s*rel="next"/.exec(link ?? '')?.[1];
  return target ? new URL(target, 'http://placeholder').searchParams.get('cursor') : null;
}

/**
 * Every item of a list: asks `page` for one page after another, following `Link`, and lets `itemsOf` read each
 * answer (the console and the CLI each turn a failed answer into their own error).
 */
export async function everyPage<T, O extends { response: Response }>(
  page: (query: { cursor?: string }) => Promise<O>, itemsOf: (outcome: Promise<O>) => Promise<T[]>,
): Promise<T[]> {
  const items: T[] = [];
  for (let cursor: string | null = null; ;) {
    const outcome = page(cursor === null ? {} : { cursor });
    items.push(...await itemsOf(outcome));
    cursor = nextPageCursor((await outcome).response.headers.get('link'));
    if (cursor === null) return items;
  }
}
