import { anError, bool, evaluatorFixture } from '../testing/evaluator-fixture';

describe('auto_regex_test', () => {
  const { run } = evaluatorFixture();
  const key = 'auto_regex_test';

  it('is true when the pattern is found anywhere in the output', async () => {
    expect(await run(key, { output: 'Order #1234 shipped', settings: { regex_pattern: '#\\d{4}\\b' } })).toEqual(bool(true));
    expect(await run(key, { output: 'Order shipped', settings: { regex_pattern: '#\\d{4}\\b' } })).toEqual(bool(false));
  });

  it('inverts the verdict when regex_should_match is false', async () => {
    const settings = { regex_pattern: 'sorry', regex_should_match: false };
    expect(await run(key, { output: 'Here you go', settings })).toEqual(bool(true));
    expect(await run(key, { output: 'I am sorry', settings })).toEqual(bool(false));
  });

  it('tests the JSON text of an object output', async () => {
    expect(await run(key, { output: { ok: true }, settings: { regex_pattern: '^\\{"ok":true\\}$' } })).toEqual(bool(true));
  });

  it('is an error for an invalid pattern', async () => {
    expect(await run(key, { output: 'x', settings: { regex_pattern: '([a-z' } })).toEqual(anError(/invalid regular expression/));
  });

  it('runs on RE2 semantics: a catastrophic-backtracking pattern answers at once', async () => {
    const settings = { regex_pattern: '^(a+)+$' };
    expect(await run(key, { output: `${'a'.repeat(30)}!`, settings })).toEqual(bool(false));
    expect(await run(key, { output: 'a'.repeat(30), settings })).toEqual(bool(true));
  });

  it('is an error for what RE2 cannot express', async () => {
    expect(await run(key, { output: 'aa', settings: { regex_pattern: '(a)\\1' } })).toEqual(anError(/RE2 syntax/));
  });
});
