import { Injectable } from '@nestjs/common';
import type { Actor, TestsetSummary } from '@crucible/domain';
import { TestsetRepository } from '../ports';
import type { Page, PageRequest } from '../../shared/page';

@Injectable()
export class ListTestsetsUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  execute(actor: Actor, filter: { appId?: string }, page: PageRequest): Promise<Page<TestsetSummary>> {
    return this.testsets.list(actor.projectId, filter.appId, page);
  }
}
