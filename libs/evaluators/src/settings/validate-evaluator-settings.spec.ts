import { validateEvaluatorSettings } from './validate-evaluator-settings';
import { groundTruthColumn } from './ground-truth-column';
import { DEFAULT_CRITIQUE_PROMPT } from '../catalog/catalog-defaults';

const violationsOf = (key: string, settings: unknown) => {
  const result = validateEvaluatorSettings(key, settings);
  if (result.ok) throw new Error(`expected violations, got ${JSON.stringify(result.settings)}`);
  return result.violations;
};

describe('validateEvaluatorSettings', () => {
  it('applies defaults and leaves unset optional settings out', () => {
    expect(validateEvaluatorSettings('auto_ai_critique', {})).toEqual({
      ok: true,
      settings: { preset: 'template', prompt_template: DEFAULT_CRITIQUE_PROMPT, model: 'gpt-4o-mini' },
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
    expect(violationsOf('auto_magic', {})).toEqual([{ field: ['evaluator_key'], reason: "Value error, unknown evaluator key 'auto_magic'", rule: 'invalid_value' }]);
  });

  it('reports each violation with its field, reason and rule', () => {
    expect(violationsOf('auto_contains', { case_sensitive: 3, extra: 1 })).toEqual([
      { field: ['settings_values', 'substring'], reason: 'Field required', rule: 'required' },
      { field: ['settings_values', 'case_sensitive'], reason: 'Input should be a valid boolean', rule: 'not_boolean' },
      { field: ['settings_values', 'extra'], reason: 'Extra inputs are not permitted', rule: 'unknown_field' },
    ]);
    expect(violationsOf('auto_contains', { substring: 5 })).toEqual([{ field: ['settings_values', 'substring'], reason: 'Input should be a valid string', rule: 'not_text' }]);
    expect(violationsOf('auto_contains', { substring: '  ' })[0]).toMatchObject({ rule: 'invalid_value', reason: 'Value error, must not be empty' });
  });

  it("keeps, unused, the setting names Agenta's clients send to evaluators that do not use them; known keys stay strict", () => {
    const check = validateEvaluatorSettings('auto_regex_test', { regex_pattern: '^a', correct_answer_key: 'answer', webhook_body: {} });
    expect(check).toEqual({ ok: true, settings: { regex_pattern: '^a', regex_should_match: true, correct_answer_key: 'answer', webhook_body: {} } });
    expect(violationsOf('auto_regex_test', { regex_pattern: 5, correct_answer_key: 'answer' })).toEqual([
      { field: ['settings_values', 'regex_pattern'], reason: 'Input should be a valid string', rule: 'not_text' },
    ]);
  });

  it('checks numbers and their bounds', () => {
    expect(violationsOf('auto_similarity_match', { similarity_threshold: 'high' })[0]).toMatchObject({ rule: 'not_number', field: ['settings_values', 'similarity_threshold'] });
    expect(violationsOf('auto_similarity_match', { similarity_threshold: -0.1 })[0]).toMatchObject({ rule: 'below_minimum', reason: 'Input should be greater than or equal to 0' });
    expect(violationsOf('auto_similarity_match', { similarity_threshold: 2 })[0]).toMatchObject({ rule: 'above_maximum', reason: 'Input should be less than or equal to 1' });
    expect(violationsOf('auto_levenshtein_distance', { threshold: true })[0]).toMatchObject({ rule: 'not_number' });
  });

  it('checks lists and choices', () => {
    expect(violationsOf('auto_contains_any', { substrings: 5 })[0]).toMatchObject({ rule: 'not_list' });
    expect(violationsOf('auto_contains_any', { substrings: ['a', 1] })[0]).toMatchObject({ rule: 'not_list' });
    expect(violationsOf('auto_contains_any', { substrings: ' , ' })[0]).toMatchObject({ rule: 'invalid_value' });
    // The judge's model is any catalog or custom model id now: the project's connections decide what is served.
    expect(validateEvaluatorSettings('auto_ai_critique', { model: 'anthropic/claude-3-5-haiku-latest', connection_id: 'c1' }).ok).toBe(true);
    expect(violationsOf('auto_ai_critique', { model: 7 })[0]).toMatchObject({ rule: 'not_text' });
  });

  it('rejects at save time a pattern RE2 cannot express (backreference, look-ahead)', () => {
    for (const pattern of ['(a)\\1', '(?=a)b', 'a(?!b)']) {
      expect(violationsOf('auto_regex_test', { regex_pattern: pattern })[0]).toMatchObject({
        field: ['settings_values', 'regex_pattern'], rule: 'invalid_value', reason: expect.stringMatching(/RE2 syntax/),
      });
    }
  });

  it('rejects invalid regexes, URLs and code as invalid values', () => {
    expect(violationsOf('auto_regex_test', { regex_pattern: '(' })[0]).toMatchObject({ field: ['settings_values', 'regex_pattern'], rule: 'invalid_value', reason: expect.stringMatching(/^Value error, invalid regular expression/) });
    expect(violationsOf('auto_webhook_test', { webhook_url: 'javascript:alert(1)' })[0]).toMatchObject({ rule: 'invalid_value' });
    expect(violationsOf('auto_custom_code_run', { code: 'function evaluate() {' })[0]).toMatchObject({ rule: 'invalid_value' });
    expect(violationsOf('auto_exact_match', { correct_answer_key: ' ' })[0]).toMatchObject({ rule: 'invalid_value' });
  });

  it('rejects settings that are not an object', () => {
    expect(violationsOf('auto_exact_match', ['a'])).toEqual([{ field: ['settings_values'], reason: 'Input should be a valid dictionary', rule: 'not_object' }]);
  });
});

describe('groundTruthColumn', () => {
  it('prefers the config, then the evaluation default, then correct_answer', () => {
    expect(groundTruthColumn({ correct_answer_key: 'expected' }, 'answer')).toBe('expected');
    expect(groundTruthColumn({}, 'answer')).toBe('answer');
    expect(groundTruthColumn({ correct_answer_key: '' }, null)).toBe('correct_answer');
    expect(groundTruthColumn(undefined)).toBe('correct_answer');
  });

  it('checks judge presets: a known preset, and a rubric for the custom one', () => {
    expect(validateEvaluatorSettings('auto_ai_critique', { preset: 'correctness' }).ok).toBe(true);
    expect(violationsOf('auto_ai_critique', { preset: 'truthiness' })[0]).toMatchObject({ field: ['settings_values', 'preset'], rule: 'not_a_choice' });
    expect(violationsOf('auto_ai_critique', { preset: 'custom' })).toEqual([
      { field: ['settings_values', 'rubric'], reason: 'Field required: the custom preset grades by your rubric', rule: 'required' },
    ]);
    expect(validateEvaluatorSettings('auto_ai_critique', { preset: 'custom', rubric: 'Polite and in French' }).ok).toBe(true);
  });

  it('wants exactly one source of contexts for the RAG evaluators that read them, and a span path it can read', () => {
    expect(violationsOf('rag_faithfulness', {})[0]).toMatchObject({ field: ['settings_values', 'contexts_column'], rule: 'required' });
    expect(violationsOf('rag_faithfulness', { contexts_column: 'docs', contexts_path: 'retriever.outputs' })[0])
      .toMatchObject({ field: ['settings_values', 'contexts_path'], reason: 'Value error, give contexts_column or contexts_path, not both' });
    expect(violationsOf('rag_context_relevance', { contexts_path: 'retriever.documents' })[0])
      .toMatchObject({ field: ['settings_values', 'contexts_path'], reason: expect.stringMatching(/<span name>\.<inputs\|outputs\|attributes>/) });
    expect(validateEvaluatorSettings('rag_faithfulness', { contexts_path: 'retriever.outputs.documents.*.page_content' }).ok).toBe(true);
    expect(validateEvaluatorSettings('rag_answer_relevance', {}).ok).toBe(true);
  });
});
