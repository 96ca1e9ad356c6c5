import { csvLine, toCsv } from './csv.writer';

describe('csv writer', () => {
  it('defuses text cells a spreadsheet would run as a formula, and leaves numbers alone', () => {
    expect(csvLine(['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', 'plain', -3, 2.5])).toBe(`'=1+1,'+SUM(A1),'-2+3,'@cmd,'\tx,plain,-3,2.5\r\n`);
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(toCsv(['a', 'b'], [{ a: 'x, y', b: 'say "hi"\nbye' }])).toBe('a,b\r\n"x, y","say ""hi""\nbye"\r\n');
  });
});
