import type { Api } from './api';
import type { MinimumGate } from './gates';
import type { JunitCase, JunitSuite } from '../output/junit';
import type { EvaluatorConfig } from '@crucible/client';

/**
 * One testcase per row and evaluator: an error result (or a failed invocation) is an error; `false` fails, and
 * so does a number under the evaluator's --min gate; anything else passes.
 */
export async function junitSuite(
  api: Api, evaluationId: string, label: string, evaluators: EvaluatorConfig[], gates: MinimumGate[],
): Promise<JunitSuite> {
  const scenarios = await api.callAll(
    (query) => api.client.GET('/evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: evaluationId }, query } }),
    `reading the rows of evaluation ${evaluationId}`,
  );
  const cases: JunitCase[] = scenarios.flatMap((scenario) => evaluators.map((evaluator) => {
    const outcome = scenario.results.find((r) => r.evaluator_config === evaluator.id);
    const gate = gates.find((g) => g.evaluator === evaluator.name || g.evaluator === evaluator.evaluator_key);
    const testCase: JunitCase = {
      name: `row ${scenario.row_index}${scenario.repetition > 1 ? ` (repetition ${scenario.repetition})` : ''}: ${evaluator.name}`, classname: `${label}.${evaluator.name}`, time: scenario.latency ?? 0,
    };
    const value = outcome?.result.value;
    if (scenario.error) testCase.error = `the application failed: ${scenario.error.message}`;
    else if (!outcome || outcome.result.type === 'error') testCase.error = outcome?.result.error?.message ?? 'no result';
    else if (value === false) testCase.failure = `expected ${JSON.stringify(scenario.correct_answer)}, got ${JSON.stringify(scenario.output)}`;
    else if (typeof value === 'number' && gate && value < gate.min) testCase.failure = `${value} < ${gate.min}`;
    return testCase;
  }));
  return { name: label, cases };
}
