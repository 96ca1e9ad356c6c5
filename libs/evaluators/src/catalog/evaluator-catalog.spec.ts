import { EVALUATOR_CATALOG, EVALUATOR_KEYS, findEvaluatorDescriptor, isEvaluatorKey } from './evaluator-catalog';

describe('EVALUATOR_CATALOG', () => {
  it('lists the evaluator keys of the architecture table', () => {
    expect([...EVALUATOR_KEYS].sort()).toEqual(
      [
        'auto_exact_match', 'auto_contains', 'auto_starts_with', 'auto_ends_with', 'auto_contains_any', 'auto_contains_all',
        'auto_regex_test', 'auto_contains_json', 'field_match_test', 'auto_json_diff', 'auto_levenshtein_distance',
        'auto_similarity_match', 'auto_semantic_similarity', 'auto_ai_critique', 'auto_custom_code_run', 'auto_webhook_test',
        'tool_call_match', 'tool_trajectory',
        'rag_faithfulness', 'rag_context_relevance', 'rag_answer_relevance',
      ].sort(),
    );
  });

  it('is plain snake_case JSON that survives serialisation', () => {
    const json = JSON.parse(JSON.stringify(EVALUATOR_CATALOG));
    expect(json).toEqual(EVALUATOR_CATALOG);
    for (const descriptor of json) {
      expect(Object.keys(descriptor).sort()).toEqual(['description', 'key', 'name', 'requires_llm', 'settings_template']);
      for (const setting of descriptor.settings_template) {
        expect(Object.keys(setting).every((key) => /^[a-z_]+$/.test(key))).toBe(true);
      }
    }
  });

  it('marks the ground-truth column of the evaluators that compare with an expected answer', () => {
    const withGroundTruth = EVALUATOR_CATALOG.filter((d) => d.settings_template.some((s) => s.ground_truth_column)).map((d) => d.key);
    expect(withGroundTruth).toEqual(
      expect.arrayContaining(['auto_exact_match', 'field_match_test', 'auto_json_diff', 'auto_levenshtein_distance', 'auto_similarity_match', 'auto_semantic_similarity', 'auto_ai_critique', 'auto_webhook_test']),
    );
    expect(withGroundTruth).not.toContain('auto_contains');
    for (const key of withGroundTruth) {
      const setting = findEvaluatorDescriptor(key)!.settings_template.find((s) => s.ground_truth_column)!;
      expect(setting).toMatchObject({ key: 'correct_answer_key', type: 'string', required: false });
    }
  });

  it('flags the evaluators that call an LLM', () => {
    expect(EVALUATOR_CATALOG.filter((d) => d.requires_llm).map((d) => d.key).sort()).toEqual([
      'auto_ai_critique', 'auto_semantic_similarity', 'rag_answer_relevance', 'rag_context_relevance', 'rag_faithfulness',
    ]);
  });

  it('cannot be changed by a caller', () => {
    const descriptor = findEvaluatorDescriptor('auto_similarity_match')!;
    expect(() => {
      (descriptor.settings_template[0] as { default?: unknown }).default = 0.9;
    }).toThrow(TypeError);
  });

  it('tells catalog keys from others', () => {
    expect(isEvaluatorKey('auto_exact_match')).toBe(true);
    expect(isEvaluatorKey('exact_match')).toBe(false);
    expect(findEvaluatorDescriptor('nope')).toBeUndefined();
  });
});
