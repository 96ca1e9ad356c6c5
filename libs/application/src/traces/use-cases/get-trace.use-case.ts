import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { type SpanCursor, TraceRepository, type TraceWithSpanPage } from '../ports';

/** Spans in one answer of `GET /traces/{trace_id}` at most; the rest follow page by page. */
export const MAX_SPANS_PER_ANSWER = 10_000;

@Injectable()
export class GetTraceUseCase {
  constructor(private readonly traces: TraceRepository) {}

  async execute(actor: Actor, traceId: string, spans: { limit?: number; after?: SpanCursor | null } = {}): Promise<TraceWithSpanPage> {
    const limit = Math.min(spans.limit ?? MAX_SPANS_PER_ANSWER, MAX_SPANS_PER_ANSWER);
    const found = await this.traces.findById(actor.projectId, traceId, { limit, after: spans.after ?? null });
    if (!found) throw DomainError.notFound('trace', traceId);
    return found;
  }
}
