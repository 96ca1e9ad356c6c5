import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type Score } from '@crucible/domain';
import { type SpanCursor, TraceRepository, type TraceWithSpanPage } from '../ports';
import { ScoreRepository } from '../../feedback/ports';
import { MAX_PAGE_SIZE } from '../../shared/page';

/** Spans in one answer of `GET /traces/{trace_id}` at most; the rest follow page by page. */
export const MAX_SPANS_PER_ANSWER = 10_000;

/** A trace with a page of its spans and its scores (the first MAX_PAGE_SIZE, oldest first; `GET /scores` has them all). */
export interface TraceDetail extends TraceWithSpanPage {
  scores: Score[];
}

@Injectable()
export class GetTraceUseCase {
  constructor(private readonly traces: TraceRepository, private readonly scores: ScoreRepository) {}

  async execute(actor: Actor, traceId: string, spans: { limit?: number; after?: SpanCursor | null } = {}): Promise<TraceDetail> {
    const limit = Math.min(spans.limit ?? MAX_SPANS_PER_ANSWER, MAX_SPANS_PER_ANSWER);
    const found = await this.traces.findById(actor.projectId, traceId, { limit, after: spans.after ?? null });
    if (!found) throw DomainError.notFound('trace', traceId);
    const scores = await this.scores.list(actor.projectId, { traceId }, { limit: MAX_PAGE_SIZE, cursor: null });
    return { ...found, scores: scores.items };
  }
}
