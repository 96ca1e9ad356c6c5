import { Injectable } from '@nestjs/common';
import { type Actor, type TestsetDiff, diffTestsetRows } from '@crucible/domain';
import { GetTestsetUseCase } from './get-testset.use-case';

@Injectable()
export class DiffTestsetVersionsUseCase {
  constructor(private readonly getTestset: GetTestsetUseCase) {}

  /** Rows added, removed and changed from version `from` to version `to`, matched by content. */
  async execute(actor: Actor, testsetId: string, from: number, to: number): Promise<TestsetDiff & { from: number; to: number }> {
    const older = await this.getTestset.execute(actor, testsetId, from);
    const newer = await this.getTestset.execute(actor, testsetId, to);
    return { from, to, ...diffTestsetRows(older.rows, newer.rows) };
  }
}
