import { type Evaluation, type EvaluationScenario, displayValue } from '@crucible/domain';
import { type CsvCell, csvLine } from './csv.writer';
import { presentScenario } from './evaluation.presenter';
import { jsonArray } from '../http/streaming';

interface Column {
  header: string;
  cell: (scenario: EvaluationScenario) => CsvCell;
}

/** A header already taken gets " (2)", " (3)" …, so an input named like a fixed column is never lost. */
function unique(headers: string[]): string[] {
  const used = new Set<string>();
  return headers.map((wanted) => {
    let header = wanted;
    for (let n = 2; used.has(header); n += 1) header = `${wanted} (${n})`;
    used.add(header);
    return header;
  });
}

const resultCell = (scenario: EvaluationScenario, configId: string): CsvCell => {
  const result = scenario.results.find((r) => r.evaluatorConfigId === configId)?.result;
  if (!result) return null;
  return result.type === 'error' ? `error: ${result.error?.message ?? ''}` : displayValue(result.value);
};

const reasoningOf = (scenario: EvaluationScenario, configId: string): string | undefined =>
  scenario.results.find((r) => r.evaluatorConfigId === configId)?.result.reasoning;

/**
 * Input columns come from the first page: every row of a test set has the same columns. So does an LLM judge's
 * "<config> reasoning" column, beside its score when the first page holds any reasoning of it.
 */
function columnsOf(evaluation: Evaluation, firstPage: EvaluationScenario[]): Column[] {
  const inputs = [...new Set(firstPage.flatMap((s) => Object.keys(s.inputs)))];
  const columns: Array<Omit<Column, 'header'> & { wanted: string }> = [
    { wanted: 'row_index', cell: (s) => s.rowIndex },
    { wanted: 'repetition', cell: (s) => s.repetition },
    ...inputs.map((name) => ({ wanted: name, cell: (s: EvaluationScenario) => displayValue(s.inputs[name]) })),
    { wanted: 'correct_answer', cell: (s) => displayValue(s.correctAnswer) },
    { wanted: 'output', cell: (s) => displayValue(s.output) },
    ...evaluation.evaluatorConfigs.flatMap((config) => [
      { wanted: config.name, cell: (s: EvaluationScenario) => resultCell(s, config.id) },
      ...(firstPage.some((s) => reasoningOf(s, config.id) !== undefined)
        ? [{ wanted: `${config.name} reasoning`, cell: (s: EvaluationScenario) => reasoningOf(s, config.id) ?? null }]
        : []),
    ]),
    { wanted: 'latency', cell: (s) => s.latency },
    { wanted: 'cost', cell: (s) => s.cost },
    { wanted: 'error', cell: (s) => s.error?.message ?? null },
  ];
  const headers = unique(columns.map((c) => c.wanted));
  return columns.map((column, i) => ({ header: headers[i]!, cell: column.cell }));
}

/** The rows as CSV text, page by page. */
export async function* evaluationCsv(evaluation: Evaluation, pages: AsyncIterable<EvaluationScenario[]>): AsyncGenerator<string> {
  let columns: Column[] | null = null;
  for await (const page of pages) {
    if (!columns) {
      columns = columnsOf(evaluation, page);
      yield csvLine(columns.map((c) => c.header));
    }
    const current = columns;
    yield page.map((scenario) => csvLine(current.map((c) => c.cell(scenario)))).join('');
  }
  if (!columns) yield csvLine(columnsOf(evaluation, []).map((c) => c.header));
}

/** The rows as one JSON array of scenarios (the shape of `GET /evaluations/{id}/evaluation_scenarios`), page by page. */
export const evaluationJson = (evaluation: Evaluation, pages: AsyncIterable<EvaluationScenario[]>): AsyncGenerator<string> =>
  jsonArray(pages, (scenario) => presentScenario(evaluation, scenario));
