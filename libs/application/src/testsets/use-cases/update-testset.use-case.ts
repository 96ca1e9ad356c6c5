import { Injectable } from '@nestjs/common';
import { type Actor, type TestsetSummary, DomainError } from '@crucible/domain';
import { TestsetRepository, type TestsetPatch } from '../ports';
import { JSON_BODY_FIELDS, checkedName, checkedRows } from '../testset-input';

@Injectable()
export class UpdateTestsetUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  async execute(actor: Actor, input: { testsetId: string; name?: string; rows?: unknown }): Promise<TestsetSummary> {
    const patch: TestsetPatch = { updatedAt: new Date() };
    if (input.name !== undefined) patch.name = checkedName(input.name, JSON_BODY_FIELDS);
    if (input.rows !== undefined) Object.assign(patch, checkedRows(input.rows, JSON_BODY_FIELDS));
    const updated = await this.testsets.update(actor.projectId, input.testsetId, patch, { change: 'rows_replaced', createdBy: actor.name });
    if (!updated) throw DomainError.notFound('testset', input.testsetId);
    return updated;
  }
}
