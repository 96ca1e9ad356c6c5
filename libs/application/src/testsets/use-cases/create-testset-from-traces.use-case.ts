import { Injectable } from '@nestjs/common';
import type { Actor, Testset } from '@crucible/domain';
import { TraceRepository } from '../../traces/ports';
import { type TraceRowsInput, rowsFromTraces } from '../trace-rows';
import { CreateTestsetUseCase } from './create-testset.use-case';

/** `POST /testsets/from-traces`: a new test set of a row per trace (the mapping's columns, then `trace_id`). */
@Injectable()
export class CreateTestsetFromTracesUseCase {
  constructor(
    private readonly traces: TraceRepository,
    private readonly createTestset: CreateTestsetUseCase,
  ) {}

  async execute(actor: Actor, input: TraceRowsInput & { name: string; appId?: string }): Promise<Testset> {
    const { rows } = await rowsFromTraces(this.traces, actor.projectId, input);
    return this.createTestset.execute(actor, { name: input.name, rows, appId: input.appId });
  }
}
