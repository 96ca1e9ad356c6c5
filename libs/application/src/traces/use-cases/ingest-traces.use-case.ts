import { Injectable } from '@nestjs/common';
import { TRACE_BATCH_MAX_SPANS, type TraceBatchEnvelope, type TraceRecord, traceRecordSchema } from '@crucible/contracts';
import { type Actor, DomainError, type InputViolation } from '@crucible/domain';
import { TraceIngestLimits, TraceRepository } from '../ports';
import { traceFromRecord } from '../sdk-trace-records';
import { checkedInput } from '../checked-input';
import { withComputedCosts } from '../computed-costs';
import { ModelPricing } from '../../providers/ports';

/** A trace of the batch that was refused, by its index, with what is wrong (fields from the batch's root). */
export interface RejectedTrace {
  index: number;
  violations: InputViolation[];
}

export interface TraceIngestOutcome {
  /** Traces of the batch that were accepted (stored now or before). */
  accepted: number;
  rejected: RejectedTrace[];
  /** Traces and spans stored for the first time. */
  traces: number;
  spans: number;
  /** Spans past CRUCIBLE_MAX_SPANS_PER_TRACE, refused and counted. */
  rejectedSpans: number;
}

const spansIn = (item: unknown): number => {
  const spans = (item as { spans?: unknown } | null)?.spans;
  return Array.isArray(spans) ? spans.length : 0;
};

/**
 * `POST /traces`: a batch of the SDK's traces, stored idempotently by trace and span id. Each trace is checked on its
 * own: the good ones are stored and the bad ones reported by index; a batch with none to store is refused whole.
 */
@Injectable()
export class IngestTracesUseCase {
  constructor(private readonly traces: TraceRepository, private readonly limits: TraceIngestLimits, private readonly pricing: ModelPricing) {}

  async execute(actor: Actor, batch: TraceBatchEnvelope): Promise<TraceIngestOutcome> {
    const spanCount = batch.traces.reduce((sum: number, trace) => sum + spansIn(trace), 0);
    if (spanCount > TRACE_BATCH_MAX_SPANS) {
      throw DomainError.invalidInput([{
        field: ['traces'], reason: `a batch holds at most ${TRACE_BATCH_MAX_SPANS} spans (this one has ${spanCount})`, rule: 'too_many_items',
      }]);
    }
    const records: TraceRecord[] = [];
    const rejected: RejectedTrace[] = [];
    batch.traces.forEach((item, index) => {
      const checked = checkedInput(traceRecordSchema, item, ['traces', index]);
      if (checked.ok) records.push(checked.value);
      else rejected.push({ index, violations: checked.violations });
    });
    if (records.length === 0) throw DomainError.invalidInput(rejected.flatMap((trace) => trace.violations));
    const items = records.map((record) => traceFromRecord(actor.projectId, record));
    await withComputedCosts(actor.projectId, items, this.pricing);
    const saved = await this.traces.save(actor.projectId, items, { maxSpansPerTrace: this.limits.maxSpansPerTrace });
    return { accepted: records.length, rejected, ...saved };
  }
}
