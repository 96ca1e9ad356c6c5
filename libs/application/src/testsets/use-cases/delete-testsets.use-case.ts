import { Injectable } from '@nestjs/common';
import type { Actor } from '@crucible/domain';
import { TestsetRepository } from '../ports';

@Injectable()
export class DeleteTestsetsUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  /** Deletes those of the ids this project owns; unknown ids are skipped, as in Agenta. Answers how many went. */
  execute(actor: Actor, testsetIds: string[]): Promise<number> {
    return this.testsets.delete(actor.projectId, [...new Set(testsetIds)]);
  }
}
