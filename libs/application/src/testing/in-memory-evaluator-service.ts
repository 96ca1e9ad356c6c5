import { type Result, errorResult } from '@crucible/domain';
import { type EvaluatorContext, type EvaluatorRequirements, EvaluatorService, type SettingsCheck } from '../evaluators/ports';

/**
 * Two evaluators, enough for use-case tests: `auto_exact_match` (bool, output equals the ground truth) and
 * `failing` (always an error Result, as a broken evaluator gives). libs/evaluators holds the real catalog.
 */
export class InMemoryEvaluatorService extends EvaluatorService {
  catalog(): unknown[] {
    return [{ key: 'auto_exact_match' }, { key: 'failing' }];
  }

  validateSettings(evaluatorKey: string, settings: Record<string, unknown>): SettingsCheck {
    if (evaluatorKey !== 'auto_exact_match' && evaluatorKey !== 'failing') {
      return { ok: false, violations: [{ field: ['evaluator_key'], reason: `unknown evaluator "${evaluatorKey}"`, rule: 'invalid_value' }] };
    }
    return { ok: true, settings };
  }

  async evaluate(evaluatorKey: string, context: EvaluatorContext): Promise<Result> {
    if (evaluatorKey === 'failing') return errorResult('this evaluator always fails');
    return { type: 'bool', value: String(context.output) === String(context.correctAnswer) };
  }

  groundTruthColumn(settings: Record<string, unknown>, evaluationDefault: string): string {
    return typeof settings['correct_answer_key'] === 'string' ? settings['correct_answer_key'] : evaluationDefault;
  }

  requirements(): EvaluatorRequirements {
    return { columns: [], judge: null };
  }
}
