import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, TRACE_ID_COLUMN, type TestsetSummary } from '@crucible/domain';
import { TraceRepository } from '../../traces/ports';
import { type TraceRowsInput, rowsFromTraces } from '../trace-rows';
import { GetTestsetUseCase } from './get-testset.use-case';
import { UpdateTestsetUseCase } from './update-testset.use-case';

const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(', ');

/**
 * `POST /testsets/{id}/rows/from-traces`: a row per trace appended to the test set, written by the test set's own
 * update. The mapping names exactly the set's columns (but `trace_id`); rows it held without a `trace_id` get null there.
 */
@Injectable()
export class AddTestsetRowsFromTracesUseCase {
  constructor(
    private readonly traces: TraceRepository,
    private readonly getTestset: GetTestsetUseCase,
    private readonly updateTestset: UpdateTestsetUseCase,
  ) {}

  async execute(actor: Actor, input: TraceRowsInput & { testsetId: string }): Promise<TestsetSummary> {
    const testset = await this.getTestset.execute(actor, input.testsetId);
    const { columns, rows } = await rowsFromTraces(this.traces, actor.projectId, input);
    const existing = testset.columns.filter((column) => column !== TRACE_ID_COLUMN);
    const missing = existing.filter((column) => !columns.includes(column));
    const extra = columns.filter((column) => !existing.includes(column));
    if (missing.length > 0 || extra.length > 0) {
      const problems = [missing.length > 0 ? `lacks ${quoted(missing)}` : '', extra.length > 0 ? `names ${quoted(extra)}, which it has not` : '']
        .filter(Boolean).join(' and ');
      throw DomainError.invalidInput([{
        field: ['mapping'], reason: `the test set's columns are ${quoted(existing)}: the mapping ${problems}`, rule: 'invalid_value',
      }]);
    }
    const kept = testset.rows.map((row) => (TRACE_ID_COLUMN in row ? row : { ...row, [TRACE_ID_COLUMN]: null }));
    return this.updateTestset.execute(actor, { testsetId: testset.id, rows: [...kept, ...rows] });
  }
}
