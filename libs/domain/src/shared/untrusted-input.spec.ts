import { DomainError } from './domain-error';
import { MAX_JSON_DEPTH, assertTrustworthyInput, findUntrustedInput, storableText } from './untrusted-input';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? { a: value } : [value];
  return value;
};

describe('findUntrustedInput', () => {
  it('accepts ordinary JSON, emoji included', () => {
    expect(findUntrustedInput({ name: 'qa 😀', rows: [{ q: 'x', n: 1, ok: true, none: null }] })).toBeUndefined();
  });

  it('points at a NUL byte in a value or a key, however deep', () => {
    expect(findUntrustedInput({ rows: [{ q: 'ok' }, { q: 'a\u0000b' }] })).toEqual({
      field: ['rows', 1, 'q'], reason: 'text must not contain NUL bytes (\\u0000)', rule: 'unstorable_text',
    });
    expect(findUntrustedInput({ parameters: { 'bad\u0000key': 1 } })?.field).toEqual(['parameters', 'bad\u0000key']);
    expect(findUntrustedInput('x\u0000', ['app_id'])?.field).toEqual(['app_id']);
  });

  it('refuses unpaired surrogates, which jsonb cannot store', () => {
    expect(findUntrustedInput({ app_name: '\ud800' })?.reason).toMatch(/surrogates/);
    expect(findUntrustedInput({ app_name: 'x\udc00' })?.reason).toMatch(/surrogates/);
  });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more, without recursion on 100 000`, () => {
    expect(findUntrustedInput(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(findUntrustedInput(nested(MAX_JSON_DEPTH + 1))).toMatchObject({ rule: 'nested_too_deep' });
    expect(findUntrustedInput({ parameters: nested(100_000) })).toMatchObject({ rule: 'nested_too_deep', reason: /deeper than 64/ });
  });

  it('throws an invalid_input error', () => {
    expect(() => assertTrustworthyInput({ name: '\u0000' })).toThrow(DomainError);
    expect(() => assertTrustworthyInput({ name: 'fine' })).not.toThrow();
  });
});

describe('storableText', () => {
  it('replaces each NUL byte and unpaired surrogate, and keeps everything else as it is', () => {
    expect(storableText('a\u0000b\u0000')).toBe('a\ufffdb\ufffd');
    expect(storableText('cut \ud83d, lone \ude00, whole \u{1F600}')).toBe('cut \ufffd, lone \ufffd, whole \u{1F600}');
    const fine = 'plain text, ünïcödé';
    expect(storableText(fine)).toBe(fine);
    expect(findUntrustedInput(storableText('\u0000\ud800'))).toBeUndefined();
  });
});
