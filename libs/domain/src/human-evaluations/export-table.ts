import { type HumanEvaluation, type HumanEvaluationScenario, type HumanEvaluationVariant, displayValue } from './human-evaluation';

export type ExportCell = string | number | boolean | null;

export interface ExportTable {
  columns: string[];
  records: Array<Record<string, ExportCell>>;
}

/** The columns of an evaluation's table and how one scenario becomes a record: a table written row by row. */
export interface ExportLayout {
  columns: string[];
  record(scenario: HumanEvaluationScenario): Record<string, ExportCell>;
}

export const JUDGMENT_COLUMNS = ['vote', 'score', 'correct_answer', 'is_pinned', 'note'] as const;

/** A variant's name, with its revision when both sides of an A/B test share the name. */
export function variantLabel(variants: HumanEvaluationVariant[], variant: HumanEvaluationVariant): string {
  const shared = variants.filter((v) => v.variantName === variant.variantName).length > 1;
  return shared ? `${variant.variantName} v${variant.revision}` : variant.variantName;
}

function claim(used: Set<string>, wanted: string): string {
  let name = wanted;
  for (let n = 2; used.has(name); n += 1) name = `${wanted} (${n})`;
  used.add(name);
  return name;
}

/**
 * The scenarios as one flat table: a column per input, a column per variant's output (named after the
 * variant), then the judgment, then a column per score config (named after it). A name taken by an earlier column gets a " (2)" suffix, so none is lost.
 */
export function humanEvaluationTable(evaluation: HumanEvaluation, scenarios: HumanEvaluationScenario[]): ExportTable {
  const layout = humanEvaluationLayout(evaluation);
  return { columns: layout.columns, records: scenarios.map(layout.record) };
}

/** The layout of `humanEvaluationTable`, for writing the table one scenario at a time. */
export function humanEvaluationLayout(evaluation: HumanEvaluation): ExportLayout {
  const used = new Set<string>(JUDGMENT_COLUMNS);
  const inputColumns = evaluation.inputColumns.map((name) => ({ name, column: claim(used, name) }));
  const outputColumns = evaluation.variants.map((variant) => ({
    variantRevisionId: variant.variantRevisionId, column: claim(used, variantLabel(evaluation.variants, variant)),
  }));
  // A score config's column holds its number, or its text for a text config.
  const metricColumns = evaluation.metrics.map((metric) => ({ configId: metric.id, column: claim(used, metric.name) }));
  const record = (scenario: HumanEvaluationScenario): Record<string, ExportCell> => {
    const record: Record<string, ExportCell> = {};
    for (const { name, column } of inputColumns) {
      record[column] = displayValue(scenario.inputs.find((input) => input.name === name)?.value);
    }
    for (const { variantRevisionId, column } of outputColumns) {
      record[column] = displayValue(scenario.outputs.find((o) => o.variantRevisionId === variantRevisionId)?.output);
    }
    Object.assign(record, {
      vote: scenario.vote, score: scenario.score, correct_answer: scenario.correctAnswer, is_pinned: scenario.isPinned,
      note: scenario.note,
    });
    for (const { configId, column } of metricColumns) {
      const score = scenario.metricScores[configId];
      record[column] = score ? (score.value ?? score.stringValue) : null;
    }
    return record;
  };
  const columns = [...inputColumns, ...outputColumns].map((c) => c.column).concat(JUDGMENT_COLUMNS, metricColumns.map((c) => c.column));
  return { columns, record };
}
