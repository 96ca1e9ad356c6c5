import { type TestsetFileFormat, readTestsetFile, testsetFileFormat } from './testset-file.parser';

/** The text in chunks of `size` bytes, so that records, quotes and UTF-8 characters are cut between chunks. */
async function* chunked(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function readAll(text: string, format: TestsetFileFormat, size = 3) {
  const rows: unknown[] = [];
  const problem = await readTestsetFile(chunked(text, size), format, (row) => {
    rows.push(row);
  });
  return problem ? { ok: false, ...problem, rows } : { ok: true, rows };
}

describe('testsetFileFormat', () => {
  it('prefers an explicit upload type and falls back to the extension', () => {
    expect(testsetFileFormat('rows.txt', 'JSON')).toBe('json');
    expect(testsetFileFormat('Rows.CSV')).toBe('csv');
    expect(testsetFileFormat('rows.json', 'csv')).toBe('csv');
    expect(testsetFileFormat('rows.txt')).toBeNull();
    expect(testsetFileFormat('rows')).toBeNull();
  });
});

describe('readTestsetFile', () => {
  it('reads a CSV header as columns and keeps values as strings, whatever the chunks', async () => {
    const text = '\uFEFFcountry, correct_answer\r\nFrance,Paris\r\n\r\n"Korea, South",7\r\nÉire,"Baile Átha Cliath 😀"\r\n';
    for (const size of [1, 2, 3, 7, 1024]) {
      expect(await readAll(text, 'csv', size)).toEqual({
        ok: true,
        rows: [
          { country: 'France', correct_answer: 'Paris' }, { country: 'Korea, South', correct_answer: '7' },
          { country: 'Éire', correct_answer: 'Baile Átha Cliath 😀' },
        ],
      });
    }
  });

  it('hands rows over as the file arrives, each awaited, reading ahead a bounded window', async () => {
    let sent = 0;
    const sentWhenSeen: number[] = [];
    async function* lines(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('q\n');
      for (; sent < 1_000; sent++) yield Buffer.from(`${sent} ${'x'.repeat(1_000)}\n`);
    }
    await readTestsetFile(lines(), 'csv', async () => {
      sentWhenSeen.push(sent);
      await new Promise((resolve) => setImmediate(resolve));
    });
    expect(sentWhenSeen).toHaveLength(1_000);
    // Row i is handed over before line i + 100 was read: memory holds a window of ~100 KB, never the 1 MB file.
    expect(sentWhenSeen.every((lineSent, row) => lineSent < row + 100)).toBe(true);
  });

  it('names the line of a CSV record with the wrong number of fields, and reads the rest of the file', async () => {
    let reads = 0;
    async function* counted(): AsyncGenerator<Uint8Array> {
      for (const line of ['a,b\n', '1,2\n', '3,4,5\n', '6,7\n', '8,9\n']) {
        reads++;
        yield Buffer.from(line);
      }
    }
    const problem = await readTestsetFile(counted(), 'csv', () => undefined);
    expect(problem).toMatchObject({ message: expect.stringContaining('line 3'), rule: 'invalid_value' });
    expect(reads).toBe(5);
  });

  it('refuses duplicate and nameless CSV columns, handing over no row', async () => {
    expect(await readAll('a,a\n1,2\n', 'csv')).toMatchObject({ ok: false, message: expect.stringContaining('"a" appears more than once'), rows: [] });
    expect(await readAll('a,,b\n1,2,3\n', 'csv')).toMatchObject({ ok: false, message: expect.stringContaining('column 2 has no name'), rows: [] });
  });

  it('lets an error of the upload itself through', async () => {
    async function* cutOff(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('q\n1\n');
      throw new Error('cut off');
    }
    await expect(readTestsetFile(cutOff(), 'csv', () => undefined)).rejects.toThrow('cut off');
    await expect(readTestsetFile(cutOff(), 'json', () => undefined)).rejects.toThrow('cut off');
  });

  it('reads a JSON array and refuses anything else', async () => {
    expect(await readAll('\uFEFF[{"q":"a","n":1},{"q":"é","n":2}]', 'json')).toEqual({ ok: true, rows: [{ q: 'a', n: 1 }, { q: 'é', n: 2 }] });
    expect(await readAll('{"q":"a"}', 'json')).toMatchObject({ ok: false, rule: 'invalid_value' });
    expect(await readAll('[{"q":', 'json')).toMatchObject({ ok: false, rule: 'malformed_json' });
  });
});
