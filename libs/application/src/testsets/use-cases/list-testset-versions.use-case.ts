import { Injectable } from '@nestjs/common';
import { type Actor, type TestsetVersion, DomainError } from '@crucible/domain';
import { TestsetRepository } from '../ports';
import type { Page, PageRequest } from '../../shared/page';

@Injectable()
export class ListTestsetVersionsUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  /** Newest first: what each change made, when and by which key. */
  async execute(actor: Actor, testsetId: string, page: PageRequest): Promise<Page<TestsetVersion>> {
    if (!(await this.testsets.findSummary(actor.projectId, testsetId))) throw DomainError.notFound('testset', testsetId);
    return this.testsets.listVersions(actor.projectId, testsetId, page);
  }
}
