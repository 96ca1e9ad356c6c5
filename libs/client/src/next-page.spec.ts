import { everyPage, nextPageCursor } from './next-page';

describe('nextPageCursor', () => {
  it('reads the cursor of an RFC 8288 next link, whatever else the query holds', () => {
    expect(nextPageCursor('</testsets?app_id=a&limit=2&cursor=WyIxIl0>; rel="next"')).toBe('WyIxIl0');
    expect(nextPageCursor('</apps?cursor=abc_-1>;rel="next"')).toBe('abc_-1');
  });

  it('answers null on the last page', () => {
    expect(nextPageCursor(null)).toBeNull();
    expect(nextPageCursor('</apps?cursor=x>; rel="prev"')).toBeNull();
  });
});

describe('everyPage', () => {
  const answer = (items: number[], next?: string) => ({
    items, response: new Response(null, { headers: next ? { link: `</apps?limit=2&cursor=${next}>; rel="next"` } : {} }),
  });
  const pages: Record<string, ReturnType<typeof answer>> = { '': answer([1, 2], 'p2'), p2: answer([3, 4], 'p3'), p3: answer([5]) };

  it('follows Link from the first page to the last, asking with each cursor once', async () => {
    const asked: Array<string | undefined> = [];
    const items = await everyPage(async ({ cursor }) => {
      asked.push(cursor);
      return pages[cursor ?? '']!;
    }, async (outcome) => (await outcome).items);
    expect(items).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([undefined, 'p2', 'p3']);
  });

  it('stops at the first answer its reader refuses', async () => {
    const read = everyPage(async ({ cursor }) => pages[cursor ?? '']!, async (outcome) => {
      const { items } = await outcome;
      if (items[0] === 3) throw new Error('second page refused');
      return items;
    });
    await expect(read).rejects.toThrow('second page refused');
  });
});
