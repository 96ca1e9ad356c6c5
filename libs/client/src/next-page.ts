/**
 * Lists answer a page at a time (ARCHITECTURE §10): `Link: <…?cursor=…>; rel="next"` while more remain. This
 * reads the next page's cursor from that header, or null on the last page.
 */
export function nextPageCursor(link: string | null): string | null {
  const target = /<([^>]+)>;\s*rel="next"/.exec(link ?? '')?.[1];
  return target ? new URL(target, 'http://placeholder').searchParams.get('cursor') : null;
}
