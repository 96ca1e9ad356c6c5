import { anError, bool, evaluatorFixture } from '../testing/evaluator-fixture';

describe('auto_contains / auto_starts_with / auto_ends_with', () => {
  const { run } = evaluatorFixture();
  const output = 'The capital of France is Paris.';

  it('looks for the substring, prefix or suffix, case-sensitively by default', async () => {
    expect(await run('auto_contains', { output, settings: { substring: 'France' } })).toEqual(bool(true));
    expect(await run('auto_contains', { output, settings: { substring: 'france' } })).toEqual(bool(false));
    expect(await run('auto_starts_with', { output, settings: { prefix: 'The capital' } })).toEqual(bool(true));
    expect(await run('auto_starts_with', { output, settings: { prefix: 'capital' } })).toEqual(bool(false));
    expect(await run('auto_ends_with', { output, settings: { suffix: 'Paris.' } })).toEqual(bool(true));
    expect(await run('auto_ends_with', { output, settings: { suffix: 'Paris' } })).toEqual(bool(false));
  });

  it('ignores case when case_sensitive is false', async () => {
    const settings = { case_sensitive: false };
    expect(await run('auto_contains', { output, settings: { ...settings, substring: 'FRANCE' } })).toEqual(bool(true));
    expect(await run('auto_starts_with', { output, settings: { ...settings, prefix: 'the' } })).toEqual(bool(true));
    expect(await run('auto_ends_with', { output, settings: { ...settings, suffix: 'PARIS.' } })).toEqual(bool(true));
  });

  it('searches the JSON text of a non-string output', async () => {
    expect(await run('auto_contains', { output: { city: 'Paris' }, settings: { substring: '"city":"Paris"' } })).toEqual(bool(true));
    expect(await run('auto_starts_with', { output: [1, 2], settings: { prefix: '[1' } })).toEqual(bool(true));
  });

  it('is an error when the required setting is missing', async () => {
    expect(await run('auto_contains', { output })).toEqual(anError(/settings_values\.substring: Field required/));
  });
});
