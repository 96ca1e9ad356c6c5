import { bool, evaluatorFixture } from '../testing/evaluator-fixture';

describe('auto_contains_any / auto_contains_all', () => {
  const { run } = evaluatorFixture();
  const output = 'Apples, pears and plums';

  it('accepts a list of substrings', async () => {
    expect(await run('auto_contains_any', { output, settings: { substrings: ['kiwi', 'pears'] } })).toEqual(bool(true));
    expect(await run('auto_contains_any', { output, settings: { substrings: ['kiwi', 'mango'] } })).toEqual(bool(false));
    expect(await run('auto_contains_all', { output, settings: { substrings: ['pears', 'plums'] } })).toEqual(bool(true));
    expect(await run('auto_contains_all', { output, settings: { substrings: ['pears', 'kiwi'] } })).toEqual(bool(false));
  });

  it('accepts one comma-separated string, trimming the items', async () => {
    expect(await run('auto_contains_all', { output, settings: { substrings: 'Apples , plums,' } })).toEqual(bool(true));
    expect(await run('auto_contains_any', { output, settings: { substrings: 'kiwi, mango' } })).toEqual(bool(false));
  });

  it('honours case_sensitive', async () => {
    expect(await run('auto_contains_all', { output, settings: { substrings: 'apples,PEARS' } })).toEqual(bool(false));
    expect(
      await run('auto_contains_all', { output, settings: { substrings: 'apples,PEARS', case_sensitive: false } }),
    ).toEqual(bool(true));
  });

  it('works on non-string outputs', async () => {
    expect(await run('auto_contains_any', { output: { fruit: 'kiwi' }, settings: { substrings: ['kiwi'] } })).toEqual(bool(true));
    expect(await run('auto_contains_any', { output: 12345, settings: { substrings: ['234'] } })).toEqual(bool(true));
  });
});
