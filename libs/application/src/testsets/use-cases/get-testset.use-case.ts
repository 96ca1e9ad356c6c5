import { Injectable } from '@nestjs/common';
import { type Actor, type Testset, DomainError } from '@crucible/domain';
import { TestsetRepository } from '../ports';
import { requireTestsetVersion } from '../testset-versions';

@Injectable()
export class GetTestsetUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  /** The latest version's rows, or those of `version`, which the test set must have had. */
  async execute(actor: Actor, testsetId: string, version?: number): Promise<Testset> {
    const testset = await this.testsets.findById(actor.projectId, testsetId, version);
    if (testset) return testset;
    if (version === undefined) throw DomainError.notFound('testset', testsetId);
    await requireTestsetVersion(this.testsets, actor.projectId, testsetId, version);
    throw DomainError.notFound('testset', testsetId);
  }
}
