import { validateEvaluatorSettings } from './validate-evaluator-settings';
import { groundTruthColumn } from './ground-truth-column';
import { DEFAULT_CRITIQUE_PROMPT } from '../catalog/catalog-defaults';

const issuesOf = (key: string, settings: unknown) => {
  const result = validateEvaluatorSettings(key, settings);
  if (result.ok) throw new Error(`expected issues, got ${JSON.stringify(result.settings)}`);
  return result.issues;
};

describe('validateEvaluatorSettings', () => {
  it('applies defaults and leaves unset optional settings out', () => {
    expect(validateEvaluatorSettings('auto_ai_critique', {})).toEqual({
      ok: true,
      settings: { prompt_template: DEFAULT_CRITIQUE_PROMPT, model: 'gpt-4o-mini' },
    });
    expect(validateEvaluatorSettings('auto_levenshtein_distance', undefined)).toEqual({ ok: true, settings: {} });
    expect(validateEvaluatorSettings('auto_similarity_match', { correct_answer_key: 'expected' })).toEqual({
      ok: true,
      settings: { similarity_threshold: 0.5, correct_answer_key: 'expected' },
    });
  });

  it('is idempotent on its own output', () => {
    const first = validateEvaluatorSettings('auto_contains_all', { substrings: 'a, b', case_sensitive: 'false' });
    expect(first).toEqual({ ok: true, settings: { substrings: ['a', 'b'], case_sensitive: false } });
    expect(validateEvaluatorSettings('auto_contains_all', first.ok && first.settings)).toEqual(first);
  });

  it('accepts numbers written as text, and null as absent', () => {
    expect(validateEvaluatorSettings('auto_similarity_match', { similarity_threshold: '0.8' })).toEqual({ ok: true, settings: { similarity_threshold: 0.8 } });
    expect(validateEvaluatorSettings('auto_similarity_match', { similarity_threshold: null })).toEqual({ ok: true, settings: { similarity_threshold: 0.5 } });
  });

  it('reports unknown evaluator keys on evaluator_key', () => {
    expect(issuesOf('auto_magic', {})).toEqual([{ loc: ['evaluator_key'], msg: "Value error, unknown evaluator key 'auto_magic'", type: 'value_error' }]);
  });

  it('reports each issue with a pydantic-style loc, msg and type', () => {
    expect(issuesOf('auto_contains', { case_sensitive: 3, extra: 1 })).toEqual([
      { loc: ['settings_values', 'substring'], msg: 'Field required', type: 'missing' },
      { loc: ['settings_values', 'case_sensitive'], msg: 'Input should be a valid boolean', type: 'bool_type' },
      { loc: ['settings_values', 'extra'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
    expect(issuesOf('auto_contains', { substring: 5 })).toEqual([{ loc: ['settings_values', 'substring'], msg: 'Input should be a valid string', type: 'string_type' }]);
    expect(issuesOf('auto_contains', { substring: '  ' })[0]).toMatchObject({ type: 'value_error', msg: 'Value error, must not be empty' });
  });

  it("keeps, unused, the setting names Agenta's clients send to evaluators that do not use them; known keys stay strict", () => {
    const check = validateEvaluatorSettings('auto_regex_test', { regex_pattern: '^a', correct_answer_key: 'answer', webhook_body: {} });
    expect(check).toEqual({ ok: true, settings: { regex_pattern: '^a', regex_should_match: true, correct_answer_key: 'answer', webhook_body: {} } });
    expect(issuesOf('auto_regex_test', { regex_pattern: 5, correct_answer_key: 'answer' })).toEqual([
      { loc: ['settings_values', 'regex_pattern'], msg: 'Input should be a valid string', type: 'string_type' },
    ]);
  });

  it('checks numbers and their bounds', () => {
    expect(issuesOf('auto_similarity_match', { similarity_threshold: 'high' })[0]).toMatchObject({ type: 'float_type', loc: ['settings_values', 'similarity_threshold'] });
    expect(issuesOf('auto_similarity_match', { similarity_threshold: -0.1 })[0]).toMatchObject({ type: 'greater_than_equal', msg: 'Input should be greater than or equal to 0' });
    expect(issuesOf('auto_similarity_match', { similarity_threshold: 2 })[0]).toMatchObject({ type: 'less_than_equal', msg: 'Input should be less than or equal to 1' });
    expect(issuesOf('auto_levenshtein_distance', { threshold: true })[0]).toMatchObject({ type: 'float_type' });
  });

  it('checks lists and choices', () => {
    expect(issuesOf('auto_contains_any', { substrings: 5 })[0]).toMatchObject({ type: 'list_type' });
    expect(issuesOf('auto_contains_any', { substrings: ['a', 1] })[0]).toMatchObject({ type: 'list_type' });
    expect(issuesOf('auto_contains_any', { substrings: ' , ' })[0]).toMatchObject({ type: 'value_error' });
    expect(issuesOf('auto_ai_critique', { model: 'gpt-5-ultra' })[0]).toMatchObject({ type: 'literal_error', msg: expect.stringMatching(/^Input should be 'gpt-4o-mini', .* or 'o4-mini'$/) });
  });

  it('rejects at save time a pattern RE2 cannot express (backreference, look-ahead)', () => {
    for (const pattern of ['(a)\\1', '(?=a)b', 'a(?!b)']) {
      expect(issuesOf('auto_regex_test', { regex_pattern: pattern })[0]).toMatchObject({
        loc: ['settings_values', 'regex_pattern'], type: 'value_error', msg: expect.stringMatching(/RE2 syntax/),
      });
    }
  });

  it('rejects invalid regexes, URLs and code with value_error', () => {
    expect(issuesOf('auto_regex_test', { regex_pattern: '(' })[0]).toMatchObject({ loc: ['settings_values', 'regex_pattern'], type: 'value_error', msg: expect.stringMatching(/^Value error, invalid regular expression/) });
    expect(issuesOf('auto_webhook_test', { webhook_url: 'javascript:alert(1)' })[0]).toMatchObject({ type: 'value_error' });
    expect(issuesOf('auto_custom_code_run', { code: 'function evaluate() {' })[0]).toMatchObject({ type: 'value_error' });
    expect(issuesOf('auto_exact_match', { correct_answer_key: ' ' })[0]).toMatchObject({ type: 'value_error' });
  });

  it('rejects settings that are not an object', () => {
    expect(issuesOf('auto_exact_match', ['a'])).toEqual([{ loc: ['settings_values'], msg: 'Input should be a valid dictionary', type: 'dict_type' }]);
  });
});

describe('groundTruthColumn', () => {
  it('prefers the config, then the evaluation default, then correct_answer', () => {
    expect(groundTruthColumn({ correct_answer_key: 'expected' }, 'answer')).toBe('expected');
    expect(groundTruthColumn({}, 'answer')).toBe('answer');
    expect(groundTruthColumn({ correct_answer_key: '' }, null)).toBe('correct_answer');
    expect(groundTruthColumn(undefined)).toBe('correct_answer');
  });
});
