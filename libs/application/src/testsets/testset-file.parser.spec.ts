import { parseTestsetFile, testsetFileFormat } from './testset-file.parser';

describe('testsetFileFormat', () => {
  it('prefers an explicit upload type and falls back to the extension', () => {
    expect(testsetFileFormat('rows.txt', 'JSON')).toBe('json');
    expect(testsetFileFormat('Rows.CSV')).toBe('csv');
    expect(testsetFileFormat('rows.json', 'csv')).toBe('csv');
    expect(testsetFileFormat('rows.txt')).toBeNull();
    expect(testsetFileFormat('rows')).toBeNull();
  });
});

describe('parseTestsetFile', () => {
  it('reads a CSV header as columns and keeps values as strings', () => {
    const parsed = parseTestsetFile('\uFEFFcountry, correct_answer\r\nFrance,Paris\r\n\r\n"Korea, South",7\r\n', 'csv');
    expect(parsed).toEqual({ ok: true, rows: [{ country: 'France', correct_answer: 'Paris' }, { country: 'Korea, South', correct_answer: '7' }] });
  });

  it('names the line of a CSV record with the wrong number of fields', () => {
    const parsed = parseTestsetFile('a,b\n1,2\n3,4,5\n', 'csv');
    expect(parsed).toMatchObject({ ok: false, message: expect.stringContaining('line 3') });
  });

  it('refuses duplicate and nameless CSV columns', () => {
    expect(parseTestsetFile('a,a\n1,2\n', 'csv')).toMatchObject({ ok: false, message: expect.stringContaining('"a" appears more than once') });
    expect(parseTestsetFile('a,,b\n1,2,3\n', 'csv')).toMatchObject({ ok: false, message: expect.stringContaining('column 2 has no name') });
  });

  it('reads a JSON array and refuses anything else', () => {
    expect(parseTestsetFile('[{"q":"a","n":1}]', 'json')).toEqual({ ok: true, rows: [{ q: 'a', n: 1 }] });
    expect(parseTestsetFile('{"q":"a"}', 'json')).toMatchObject({ ok: false, rule: 'invalid_value' });
    expect(parseTestsetFile('[{"q":', 'json')).toMatchObject({ ok: false, rule: 'malformed_json' });
  });
});
