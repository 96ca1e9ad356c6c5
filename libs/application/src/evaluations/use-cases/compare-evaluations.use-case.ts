import { Injectable } from '@nestjs/common';
import type { Actor, Evaluation, EvaluationScenario } from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { SCENARIO_CHUNK_SIZE, everything } from '../../shared/page';
import { findComparedEvaluations } from './compared-evaluations';

/** Scenarios read per query and evaluation: faster than a scenario list's 500 (docs/performance-history.md). */
export const SCENARIOS_READ_AT_ONCE = 2000;

export interface ComparisonRow {
  rowIndex: number;
  /** With repetitions, each run of a row is a line: the n-th run of each evaluation side by side (1-based). */
  repetition: number;
  inputs: Record<string, unknown>;
  correctAnswer: unknown;
  scenarios: Array<{ evaluation: Evaluation; scenario: EvaluationScenario | null }>;
}

/**
 * Row by row across evaluations of one test set. The evaluations are checked first (a 404 or 422 comes before
 * any row); then each evaluation's scenarios are read in row order a chunk at a time, as its scenario list reads
 * them, and merged into rows as they are consumed: a comparison of large evaluations is never held whole.
 */
@Injectable()
export class CompareEvaluationsUseCase {
  constructor(private readonly evaluations: EvaluationRepository) {}

  async execute(actor: Actor, ids: string[]): Promise<{ evaluations: Evaluation[]; rows: AsyncIterable<ComparisonRow[]> }> {
    const ordered = await findComparedEvaluations(this.evaluations, actor, ids);
    const columns = await Promise.all(ordered.map(async (evaluation) => new ChunkReader(
      (await this.evaluations.streamScenarios(actor.projectId, evaluation.id, everything, SCENARIOS_READ_AT_ONCE)).chunks,
    )));
    return { evaluations: ordered, rows: mergedRows(ordered, columns) };
  }
}

/** One evaluation's scenarios in row order, looked at one at a time; awaits only to read its next chunk. */
class ChunkReader {
  private readonly chunks: AsyncIterator<EvaluationScenario[]>;
  private chunk: EvaluationScenario[] = [];
  private position = 0;
  private ended = false;

  constructor(chunks: AsyncIterable<EvaluationScenario[]>) {
    this.chunks = chunks[Symbol.asyncIterator]();
  }

  get head(): EvaluationScenario | undefined {
    return this.chunk[this.position];
  }

  get needsChunk(): boolean {
    return !this.ended && this.position >= this.chunk.length;
  }

  async readChunk(): Promise<void> {
    while (this.needsChunk) {
      const next = await this.chunks.next();
      if (next.done) this.ended = true;
      else [this.chunk, this.position] = [next.value, 0];
    }
  }

  take(): EvaluationScenario {
    return this.chunk[this.position++]!;
  }
}

/** The lowest row any evaluation has next, with each evaluation's scenario of it in its cell (or none). */
async function* mergedRows(evaluations: Evaluation[], columns: ChunkReader[]): AsyncGenerator<ComparisonRow[]> {
  let rows: ComparisonRow[] = [];
  for (;;) {
    for (const column of columns) if (column.needsChunk) await column.readChunk();
    let rowIndex = Number.POSITIVE_INFINITY;
    for (const column of columns) rowIndex = Math.min(rowIndex, column.head?.rowIndex ?? rowIndex);
    if (rowIndex === Number.POSITIVE_INFINITY) break;
    const cells = columns.map((column) => (column.head?.rowIndex === rowIndex ? column.take() : null));
    const any = cells.find((cell) => cell !== null)!;
    rows.push({
      rowIndex, repetition: any.repetition, inputs: any.inputs, correctAnswer: any.correctAnswer,
      scenarios: evaluations.map((evaluation, index) => ({ evaluation, scenario: cells[index] ?? null })),
    });
    if (rows.length === SCENARIO_CHUNK_SIZE) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length > 0) yield rows;
}
