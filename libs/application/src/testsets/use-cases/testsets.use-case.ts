import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Actor, type Testset, type TestsetSummary, DomainError } from '@crucible/domain';
import { TestsetRepository, type TestsetPatch } from '../ports';
import { JSON_BODY_FIELDS, type TestsetFields, checkedName, checkedRows } from '../testset-input';
import { GetAppUseCase } from '../../registry/use-cases/apps.use-case';

export interface CreateTestsetInput {
  name: string;
  /** Checked here, not trusted: any JSON a client sent as csvdata. */
  rows: unknown;
  appId?: string;
}

@Injectable()
export class CreateTestsetUseCase {
  constructor(
    private readonly testsets: TestsetRepository,
    private readonly getApp: GetAppUseCase,
  ) {}

  /** `fields` names where name and rows came from, for the 422 (JSON body or uploaded file). */
  async execute(actor: Actor, input: CreateTestsetInput, fields: TestsetFields = JSON_BODY_FIELDS): Promise<Testset> {
    const name = checkedName(input.name, fields);
    const { columns, rows } = checkedRows(input.rows, fields);
    if (input.appId) await this.getApp.execute(actor, input.appId);
    const now = new Date();
    const testset: Testset = {
      id: randomUUID(), projectId: actor.projectId, appId: input.appId ?? null, name, columns, rows, createdAt: now, updatedAt: now,
    };
    await this.testsets.create(testset);
    return testset;
  }
}

@Injectable()
export class ListTestsetsUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  execute(actor: Actor, filter: { appId?: string } = {}): Promise<TestsetSummary[]> {
    return this.testsets.list(actor.projectId, filter.appId);
  }
}

@Injectable()
export class GetTestsetUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  async execute(actor: Actor, testsetId: string): Promise<Testset> {
    const testset = await this.testsets.findById(actor.projectId, testsetId);
    if (!testset) throw DomainError.notFound('testset', testsetId);
    return testset;
  }
}

@Injectable()
export class UpdateTestsetUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  async execute(actor: Actor, input: { testsetId: string; name?: string; rows?: unknown }): Promise<TestsetSummary> {
    const patch: TestsetPatch = { updatedAt: new Date() };
    if (input.name !== undefined) patch.name = checkedName(input.name, JSON_BODY_FIELDS);
    if (input.rows !== undefined) Object.assign(patch, checkedRows(input.rows, JSON_BODY_FIELDS));
    const updated = await this.testsets.update(actor.projectId, input.testsetId, patch);
    if (!updated) throw DomainError.notFound('testset', input.testsetId);
    return updated;
  }
}

@Injectable()
export class DeleteTestsetsUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  /** Deletes those of the ids this project owns; unknown ids are skipped, as in Agenta. Answers how many went. */
  execute(actor: Actor, testsetIds: string[]): Promise<number> {
    return this.testsets.delete(actor.projectId, [...new Set(testsetIds)]);
  }
}

@Injectable()
export class DeleteTestsetUseCase {
  constructor(private readonly testsets: TestsetRepository) {}

  async execute(actor: Actor, testsetId: string): Promise<void> {
    const deleted = await this.testsets.delete(actor.projectId, [testsetId]);
    if (deleted === 0) throw DomainError.notFound('testset', testsetId);
  }
}
