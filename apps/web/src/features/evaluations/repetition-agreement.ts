import type { EvaluationScenario } from '@crucible/client';

/**
 * How a row's repetitions agree on one evaluator: for bools the share holding the most common answer ("3/5 agree"),
 * for numbers their mean and sample standard deviation (the spread the §11 comparison's `within_row_sd` averages).
 * Errored repetitions have no value and are counted apart.
 */
export function agreementText(repetitions: readonly EvaluationScenario[], configId: string): string {
  const values = repetitions.flatMap((scenario) => {
    const result = scenario.results.find((r) => r.evaluator_config === configId)?.result;
    return !scenario.error && result && result.type !== 'error' ? [result.value] : [];
  });
  const errored = repetitions.length - values.length;
  const erroredText = errored > 0 ? ` · ${errored} errored` : '';
  if (values.length === 0) return `no values${erroredText}`;
  if (values.every((value) => typeof value === 'boolean')) {
    const trues = values.filter(Boolean).length;
    const majority = Math.max(trues, values.length - trues);
    return `${majority}/${values.length} agree (${trues === values.length - trues ? 'split' : trues > values.length - trues ? 'true' : 'false'})${erroredText}`;
  }
  const numbers = values.filter((value): value is number => typeof value === 'number');
  if (numbers.length !== values.length) return `${values.length} values${erroredText}`;
  const mean = numbers.reduce((sum, v) => sum + v, 0) / numbers.length;
  const sd = numbers.length < 2 ? 0 : Math.sqrt(numbers.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (numbers.length - 1));
  return `mean ${mean.toPrecision(3)} · sd ${sd.toPrecision(2)}${erroredText}`;
}

/** A row's repetitions together, rows in the order their first repetition comes. */
export function byRow(scenarios: readonly EvaluationScenario[]): Array<{ rowIndex: number; repetitions: EvaluationScenario[] }> {
  const rows = new Map<number, EvaluationScenario[]>();
  for (const scenario of scenarios) rows.set(scenario.row_index, [...(rows.get(scenario.row_index) ?? []), scenario]);
  return [...rows].map(([rowIndex, repetitions]) => ({ rowIndex, repetitions }));
}
