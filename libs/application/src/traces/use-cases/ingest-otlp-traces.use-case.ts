import { Injectable } from '@nestjs/common';
import { type OtlpExportRequest, TRACE_BATCH_MAX_SPANS } from '@crucible/contracts';
import { type Actor, DomainError } from '@crucible/domain';
import { TraceRepository } from '../ports';
import { tracesFromOtlp } from '../otlp-spans';

/** `POST /v1/traces`: OTLP/HTTP JSON from any OpenTelemetry exporter. */
@Injectable()
export class IngestOtlpTracesUseCase {
  constructor(private readonly traces: TraceRepository) {}

  async execute(actor: Actor, request: OtlpExportRequest): Promise<{ traces: number; spans: number }> {
    const spanCount = request.resourceSpans
      .flatMap((resource) => resource.scopeSpans ?? [])
      .reduce((sum, scope) => sum + (scope.spans?.length ?? 0), 0);
    if (spanCount > TRACE_BATCH_MAX_SPANS) {
      throw DomainError.invalidInput([{
        field: ['resourceSpans'], reason: `a batch holds at most ${TRACE_BATCH_MAX_SPANS} spans (this one has ${spanCount})`, rule: 'too_many_items',
      }]);
    }
    const items = tracesFromOtlp(actor.projectId, request);
    if (items.length === 0) return { traces: 0, spans: 0 };
    return this.traces.save(actor.projectId, items);
  }
}
