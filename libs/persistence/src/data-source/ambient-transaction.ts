import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, QueryRunner } from 'typeorm';

/** The transaction of a unit of work, as the code running inside it sees it. */
export interface AmbientTransaction {
  /** The unit's query runner, as handed to the code inside: releasing it is the unit's business, not theirs. */
  readonly joined: QueryRunner;
  /** False once the unit committed or rolled back: work that escaped it (a timer, a job) then uses its own runner. */
  open: boolean;
  readonly afterCommit: Array<() => Promise<void> | void>;
}

const ambient = new AsyncLocalStorage<AmbientTransaction>();

/** The unit of work the caller runs in, if any is still open. */
export function ambientTransaction(): AmbientTransaction | undefined {
  const transaction = ambient.getStore();
  return transaction?.open ? transaction : undefined;
}

/** Runs `work` with `transaction` as the ambient one. */
export function runInAmbientTransaction<T>(transaction: AmbientTransaction, work: () => Promise<T>): Promise<T> {
  return ambient.run(transaction, work);
}

/**
 * `runner` as the code inside a unit gets it: the transaction begins at the first statement (work that validates or
 * calls out before touching the database holds no connection meanwhile), and `release` is the unit's, not theirs.
 */
export function joinedRunner(runner: QueryRunner): { joined: QueryRunner; begun: () => boolean } {
  let beginning: Promise<void> | null = null;
  const begin = (): Promise<void> => (beginning ??= runner.startTransaction());
  const keepUntilTheUnitEnds = async (): Promise<void> => undefined;
  const joined = new Proxy(runner, {
    get: (target, key) => {
      if (key === 'release') return keepUntilTheUnitEnds;
      // Inside the unit a transaction is always on: TypeORM's saves and query builders then open none of their own.
      if (key === 'isTransactionActive') return true;
      if (key === 'query' || key === 'startTransaction' || key === 'stream') {
        const method = Reflect.get(target, key, target) as (...args: unknown[]) => Promise<unknown>;
        return async (...args: unknown[]) => {
          await begin();
          return method.apply(target, args);
        };
      }
      return Reflect.get(target, key, target);
    },
  });
  return { joined, begun: () => beginning !== null };
}

/**
 * Every query runner TypeORM makes for this data source (`query`, `getRepository(...)`, `manager`, `transaction`,
 * query builders, `createQueryRunner` itself) is the ambient unit's while one is open, so each repository joins the
 * unit without knowing about it, and uses its own connection otherwise, as before. A repository's own
 * `transaction(...)` inside a unit becomes a savepoint (TypeORM nests that way): it stays atomic on its own, so a
 * caller that catches its failure (a conflict turned into a compensation) finds the unit's transaction still usable.
 */
export function joinAmbientTransactions(dataSource: DataSource): void {
  const ownRunner = dataSource.createQueryRunner.bind(dataSource);
  dataSource.createQueryRunner = (mode) => ambientTransaction()?.joined ?? ownRunner(mode);
}
