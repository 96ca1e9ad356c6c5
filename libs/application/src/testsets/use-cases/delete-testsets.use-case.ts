import { Injectable } from '@nestjs/common';
import type { Actor } from '@crucible/domain';
import { TestsetRepository } from '../ports';

@Injectable()
export class DeleteTestsetsUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  /** Deletes those of the ids this project owns; unknown ids are skipped, as in Agenta. Answers the deleted ids. */
  execute(actor: Actor, testsetIds: string[]): Promise<string[]> {
    return this.testsets.delete(actor.projectId, [...new Set(testsetIds)]);
  }
}
