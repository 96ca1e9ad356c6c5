import type { InputViolation } from '@crucible/domain';
import { invalidValue } from './setting-coercion';

const ROOT = 'settings_values';
const given = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** Exactly one source of contexts: a test-set column or a span path into the trace. */
function oneContextsSource(settings: Record<string, unknown>): InputViolation[] {
  const column = given(settings['contexts_column']);
  const path = given(settings['contexts_path']);
  if (column && path) return [invalidValue([ROOT, 'contexts_path'], 'give contexts_column or contexts_path, not both')];
  if (!column && !path) return [{ field: [ROOT, 'contexts_column'], reason: 'Field required: give contexts_column or contexts_path', rule: 'required' }];
  return [];
}

/**
 * Checks across an evaluator's settings, by evaluator key, once each setting is valid on its own: what no single
 * setting's check can see.
 */
export const EVALUATOR_RULES: Readonly<Record<string, (settings: Record<string, unknown>) => InputViolation[]>> = {
  auto_ai_critique: (settings) =>
    settings['preset'] === 'custom' && !given(settings['rubric'])
      ? [{ field: [ROOT, 'rubric'], reason: 'Field required: the custom preset grades by your rubric', rule: 'required' }]
      : [],
  tool_call_match: (settings) => (settings['arguments_match'] === 'schema' && settings['arguments_schema'] === undefined
    ? [invalidValue([ROOT, 'arguments_schema'], 'an arguments schema is needed when arguments_match is "schema"')]
    : []),
  rag_faithfulness: oneContextsSource,
  rag_context_relevance: oneContextsSource,
};
