import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Actor, Testset } from '@crucible/domain';
import { TestsetRepository } from '../ports';
import { JSON_BODY_FIELDS, type TestsetFields, checkedName, checkedRows } from '../testset-input';
import { GetAppUseCase } from '../../registry/use-cases/get-app.use-case';

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
      id: randomUUID(), projectId: actor.projectId, appId: input.appId ?? null, name, columns, rows, version: 1, createdAt: now, updatedAt: now,
    };
    await this.testsets.create(testset, { change: 'created', createdBy: actor.name });
    return testset;
  }
}
