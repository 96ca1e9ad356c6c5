import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { TestsetRepository } from '../ports';

@Injectable()
export class DeleteTestsetUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  async execute(actor: Actor, testsetId: string): Promise<void> {
    const deleted = await this.testsets.delete(actor.projectId, [testsetId]);
    if (deleted.length === 0) throw DomainError.notFound('testset', testsetId);
  }
}
