import { findEvaluatorDescriptor } from '@crucible/evaluators';
import { presentEvaluator } from './evaluator.presenter';

describe('presentEvaluator', () => {
  it.each(['auto_ai_critique', 'auto_semantic_similarity'])('%s: connection_id and model say where their choices come from (options_from)', (key) => {
    const template = presentEvaluator(findEvaluatorDescriptor(key)!).settings_template;
    expect(template['connection_id']).toMatchObject({ options_from: 'provider_connections' });
    expect(template['model']).toMatchObject({ options_from: 'models' });
    expect(template['correct_answer_key']).not.toHaveProperty('options_from');
  });
});
