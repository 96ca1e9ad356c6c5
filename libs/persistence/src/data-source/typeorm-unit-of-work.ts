import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UnitOfWork } from '@crucible/application';
import { type AmbientTransaction, ambientTransaction, joinedRunner, ownRunnerOf, runInAmbientTransaction } from './ambient-transaction';

/** One TypeORM transaction, held in the async context of the work it runs (ambient-transaction.ts). */
@Injectable()
export class TypeOrmUnitOfWork extends UnitOfWork {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (ambientTransaction()) return work();
    const runner = ownRunnerOf(this.dataSource);
    const { joined, begun } = joinedRunner(runner, () => ownRunnerOf(this.dataSource));
    const transaction: AmbientTransaction = { joined, open: true, begun, afterCommit: [], afterEnd: [] };
    let result: T;
    try {
      result = await runInAmbientTransaction(transaction, work);
      transaction.open = false;
      if (begun()) await runner.commitTransaction();
    } catch (error) {
      transaction.open = false;
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
      await Promise.allSettled(transaction.afterEnd.map((cleanup) => cleanup()));
    }
    // Out of the unit's context here: what runs now uses connections of its own.
    for (const effect of transaction.afterCommit) await effect();
    return result;
  }

  async afterCommit(effect: () => Promise<void> | void): Promise<void> {
    const transaction = ambientTransaction();
    if (transaction) transaction.afterCommit.push(effect);
    else await effect();
  }

  isActive(): boolean {
    return ambientTransaction() !== undefined;
  }
}
