import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type TraceWithSpans } from '@crucible/domain';
import { TraceRepository } from '../ports';

@Injectable()
export class GetTraceUseCase {
  constructor(private readonly traces: TraceRepository) {}

  async execute(actor: Actor, traceId: string): Promise<TraceWithSpans> {
    const found = await this.traces.findById(actor.projectId, traceId);
    if (!found) throw DomainError.notFound('trace', traceId);
    return found;
  }
}
