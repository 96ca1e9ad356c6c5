import { decodeCursor, encodeCursor } from './cursor';
import { type Page, pageOfList } from './page';

const notACursor = { code: 'invalid_input', violations: [{ field: ['cursor'], rule: 'invalid_value' }] };

const thrownBy = (work: () => unknown): unknown => {
  try {
    work();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('keyset cursors', () => {
  it('round-trip their keys as text, checked against the types of their columns', () => {
    const cursor = encodeCursor(['2030-01-01 00:00:00.000001+00', 'name', 'b5f0c5a4-58a2-4d3c-9a52-2f1f0c7d8e11', 7]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, ['timestamptz', 'text', 'uuid', 'int']))
      .toEqual(['2030-01-01 00:00:00.000001+00', 'name', 'b5f0c5a4-58a2-4d3c-9a52-2f1f0c7d8e11', '7']);
    expect(decodeCursor(encodeCursor(['2030-01-01T00:00:00.000Z']), ['timestamptz'])).toEqual(['2030-01-01T00:00:00.000Z']);
  });

  it('refuse, as invalid input on query.cursor, anything they did not issue', () => {
    const refused = [
      ['not base64 json', ['text']], [encodeCursor(['a', 'b']), ['text']], [encodeCursor(['monday']), ['timestamptz']],
      [encodeCursor(['42']), ['uuid']], [encodeCursor(['1.5']), ['int']], [encodeCursor(['3000000000']), ['int']],
      [encodeCursor(['a\u0000b']), ['text']], [Buffer.from('{"a":1}').toString('base64url'), ['text']],
      [Buffer.from('[1]').toString('base64url'), ['int']],
    ] as const;
    for (const [cursor, types] of refused) expect(thrownBy(() => decodeCursor(cursor, types))).toMatchObject(notACursor);
  });
});

describe('pageOfList', () => {
  const letters = ['a', 'b', 'c', 'd', 'e'];

  it('pages a list in its order, each item once, and says when nothing remains', () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<string> = pageOfList(letters, { limit: 2, cursor }, (letter) => letter);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(letters);
    expect(pageOfList(letters, { limit: null, cursor: null }, (l) => l)).toEqual({ items: letters, nextCursor: null });
    expect(pageOfList(letters, { limit: 5, cursor: null }, (l) => l).nextCursor).toBeNull();
  });

  it('refuses a cursor naming no item of the list', () => {
    expect(thrownBy(() => pageOfList(letters, { limit: 2, cursor: encodeCursor(['z']) }, (l) => l))).toMatchObject(notACursor);
  });
});
