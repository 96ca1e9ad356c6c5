import type { EvaluatorRequirements } from '@crucible/application';
import { PRESETS_NEEDING_GROUND_TRUTH } from '../judges/critique-presets';
import type { CritiquePreset } from '../judges/critique-presets';
import { groundTruthColumn } from './ground-truth-column';
import { validateEvaluatorSettings } from './validate-evaluator-settings';

const RAG_JUDGES = new Set(['rag_faithfulness', 'rag_context_relevance', 'rag_answer_relevance']);

/**
 * The columns and judge a config needs, for the evaluation to refuse at creation what would fail on every row. The
 * `template` judge is left as it was (its failures stay per-row errors), so configs saved before presets, and
 * Agenta's clients, create evaluations as before.
 */
export function evaluatorRequirements(evaluatorKey: string, stored: Record<string, unknown>, evaluationDefault: string): EvaluatorRequirements {
  const check = validateEvaluatorSettings(evaluatorKey, stored);
  if (!check.ok) return { columns: [], judge: null };
  const settings = check.settings;
  const preset = settings['preset'] as CritiquePreset | undefined;
  const structuredJudge = RAG_JUDGES.has(evaluatorKey) || (evaluatorKey === 'auto_ai_critique' && preset !== 'template');
  if (!structuredJudge) return { columns: [], judge: null };

  const columns: EvaluatorRequirements['columns'] = [];
  if (preset && PRESETS_NEEDING_GROUND_TRUTH.includes(preset)) {
    columns.push({ column: groundTruthColumn(settings, evaluationDefault), neededBy: `the ${preset} preset (the expected answer)` });
  }
  for (const key of ['question_column', 'contexts_column']) {
    if (typeof settings[key] === 'string') columns.push({ column: settings[key], neededBy: key });
  }
  const connectionId = typeof settings['connection_id'] === 'string' && settings['connection_id'] !== '' ? settings['connection_id'] : undefined;
  return { columns, judge: { model: String(settings['model']), ...(connectionId ? { connectionId } : {}) } };
}
