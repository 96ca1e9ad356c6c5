import { Injectable } from '@nestjs/common';
import { type Actor, type Testset, DomainError } from '@crucible/domain';
import { TestsetRepository } from '../ports';

@Injectable()
export class GetTestsetUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  async execute(actor: Actor, testsetId: string): Promise<Testset> {
    const testset = await this.testsets.findById(actor.projectId, testsetId);
    if (!testset) throw DomainError.notFound('testset', testsetId);
    return testset;
  }
}
