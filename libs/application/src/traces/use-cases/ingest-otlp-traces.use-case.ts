import { Injectable } from '@nestjs/common';
import { type OtlpExportEnvelope, TRACE_BATCH_MAX_SPANS } from '@crucible/contracts';
import { type Actor, DomainError } from '@crucible/domain';
import { TraceIngestLimits, TraceRepository } from '../ports';
import { tracesFromOtlp } from '../otlp-batch';
import { withComputedCosts } from '../computed-costs';
import { ModelPricing } from '../../providers/ports';

export interface OtlpIngestOutcome {
  traces: number;
  spans: number;
  /** Spans refused: malformed, unstorable, or past CRUCIBLE_MAX_SPANS_PER_TRACE. */
  rejectedSpans: number;
  /** Why, for OTLP's `partialSuccess.errorMessage`; null when nothing was refused. */
  errorMessage: string | null;
}

/** A few reasons are enough to fix an exporter; an answer naming 20 000 spans is not read. */
const REASONS_SHOWN = 5;

/** `POST /v1/traces`: OTLP/HTTP JSON from any OpenTelemetry exporter; bad spans are refused alone (partial success). */
@Injectable()
export class IngestOtlpTracesUseCase {
  constructor(private readonly traces: TraceRepository, private readonly limits: TraceIngestLimits, private readonly pricing: ModelPricing) {}

  async execute(actor: Actor, request: OtlpExportEnvelope): Promise<OtlpIngestOutcome> {
    const spanCount = request.resourceSpans
      .flatMap((resource) => resource.scopeSpans ?? [])
      .reduce((sum, scope) => sum + (scope.spans?.length ?? 0), 0);
    if (spanCount > TRACE_BATCH_MAX_SPANS) {
      throw DomainError.invalidInput([{
        field: ['resourceSpans'], reason: `a batch holds at most ${TRACE_BATCH_MAX_SPANS} spans (this one has ${spanCount})`, rule: 'too_many_items',
      }]);
    }
    const { items, violations, rejectedSpans } = tracesFromOtlp(actor.projectId, request);
    if (items.length === 0 && violations.length > 0) throw DomainError.invalidInput(violations);
    await withComputedCosts(actor.projectId, items, this.pricing);
    const saved = items.length === 0
      ? { traces: 0, spans: 0, rejectedSpans: 0 }
      : await this.traces.save(actor.projectId, items, { maxSpansPerTrace: this.limits.maxSpansPerTrace });
    const reasons = violations.slice(0, REASONS_SHOWN).map((violation) => `${violation.field.join('.')}: ${violation.reason}`);
    if (violations.length > REASONS_SHOWN) reasons.push(`and ${violations.length - REASONS_SHOWN} more`);
    if (saved.rejectedSpans > 0) reasons.push(`${saved.rejectedSpans} spans past the ${this.limits.maxSpansPerTrace} a trace keeps (CRUCIBLE_MAX_SPANS_PER_TRACE)`);
    return {
      traces: saved.traces,
      spans: saved.spans,
      rejectedSpans: rejectedSpans + saved.rejectedSpans,
      errorMessage: reasons.length > 0 ? reasons.join('; ') : null,
    };
  }
}
