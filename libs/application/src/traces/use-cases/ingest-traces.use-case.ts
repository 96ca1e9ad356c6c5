import { Injectable } from '@nestjs/common';
import { TRACE_BATCH_MAX_SPANS, type TraceBatch } from '@crucible/contracts';
import { type Actor, DomainError } from '@crucible/domain';
import { TraceRepository } from '../ports';
import { traceFromRecord } from '../sdk-trace-records';

/** `POST /traces`: a batch of the SDK's traces, stored idempotently by trace and span id. */
@Injectable()
export class IngestTracesUseCase {
  constructor(private readonly traces: TraceRepository) {}

  async execute(actor: Actor, batch: TraceBatch): Promise<{ traces: number; spans: number }> {
    const spanCount = batch.traces.reduce((sum, trace) => sum + trace.spans.length, 0);
    if (spanCount > TRACE_BATCH_MAX_SPANS) {
      throw DomainError.invalidInput([{
        field: ['traces'], reason: `a batch holds at most ${TRACE_BATCH_MAX_SPANS} spans (this one has ${spanCount})`, rule: 'too_many_items',
      }]);
    }
    return this.traces.save(actor.projectId, batch.traces.map((record) => traceFromRecord(actor.projectId, record)));
  }
}
