import { Injectable } from '@nestjs/common';
import type { Actor, TestsetSummary } from '@crucible/domain';
import { TestsetRepository } from '../ports';

@Injectable()
export class ListTestsetsUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  execute(actor: Actor, filter: { appId?: string } = {}): Promise<TestsetSummary[]> {
    return this.testsets.list(actor.projectId, filter.appId);
  }
}
