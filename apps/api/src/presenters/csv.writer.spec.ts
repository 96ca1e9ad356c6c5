import { type CsvCell, csvLine, csvTable } from './csv.writer';

describe('csv writer', () => {
  it('defuses text cells a spreadsheet would run as a formula, and leaves numbers alone', () => {
    expect(csvLine(['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', 'plain', -3, 2.5])).toBe(`'=1+1,'+SUM(A1),'-2+3,'@cmd,'\tx,plain,-3,2.5\r\n`);
    // Full-width signs, which some spreadsheets read as their ASCII twins.
    expect(csvLine(['\uFF1D1+1', '\uFF20cmd'])).toBe(`'\uFF1D1+1,'\uFF20cmd\r\n`);
  });

  it('writes booleans as words, empty cells as nothing, and quotes a lone carriage return', () => {
    expect(csvLine([true, false, null, undefined, 'a\rb'])).toBe('true,false,,,"a\rb"\r\n');
  });

  it('quotes commas, quotes and line breaks (RFC 4180), a page of records at a time', async () => {
    async function* pages(): AsyncGenerator<Array<Record<string, CsvCell>>> {
      yield [{ a: 'x, y', b: 'say "hi"\nbye' }];
      yield [{ a: 1 }, { b: true }];
    }
    let text = '';
    for await (const chunk of csvTable(['a', 'b'], pages(), (record) => record)) text += chunk;
    expect(text).toBe('a,b\r\n"x, y","say ""hi""\nbye"\r\n1,\r\n,true\r\n');
  });
});
