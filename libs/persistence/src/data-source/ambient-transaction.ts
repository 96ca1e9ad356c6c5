import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, QueryRunner } from 'typeorm';

/** The transaction of a unit of work, as the code running inside it sees it. */
export interface AmbientTransaction {
  /** The unit's query runner, as handed to the code inside: releasing it is the unit's business, not theirs. */
  readonly joined: QueryRunner;
  /** False once the unit committed or rolled back: work that escaped it (a timer, a job) then uses its own runner. */
  open: boolean;
  /** Whether its transaction has begun (at its first write): from then on it holds a connection. */
  readonly begun: () => boolean;
  readonly afterCommit: Array<() => Promise<void> | void>;
  /** Cleanups for after the unit ends, committed or rolled back (best effort, out of its context). */
  readonly afterEnd: Array<() => Promise<unknown>>;
}

const ambient = new AsyncLocalStorage<AmbientTransaction>();
/** Each data source's own createQueryRunner, from before joinAmbientTransactions. */
const ownRunners = new WeakMap<DataSource, DataSource['createQueryRunner']>();

/** The unit of work the caller runs in, if any is still open. */
export function ambientTransaction(): AmbientTransaction | undefined {
  const transaction = ambient.getStore();
  return transaction?.open ? transaction : undefined;
}

/** Runs `work` with `transaction` as the ambient one. */
export function runInAmbientTransaction<T>(transaction: AmbientTransaction, work: () => Promise<T>): Promise<T> {
  return ambient.run(transaction, work);
}

/** A statement that reads and nothing else: no row lock, no lock of any kind, no sequence or setting changed. */
const PLAIN_READ = /^\s*SELECT\b/i;
const MORE_THAN_A_READ = /\bFOR\s+(NO\s+KEY\s+UPDATE|UPDATE|KEY\s+SHARE|SHARE)\b|\bpg_advisory|\bnextval\s*\(|\bsetval\s*\(|\bset_config\s*\(|\bpg_notify\s*\(/i;
const isPlainRead = (sql: string): boolean => PLAIN_READ.test(sql) && !MORE_THAN_A_READ.test(sql);

type RunnerQuery = (sql: string, parameters?: unknown[], structured?: boolean) => Promise<unknown>;

/**
 * `runner` as the code inside a unit gets it. The transaction begins at the first statement that is not a plain read
 * (or at a repository's own `transaction`): the reads before it (finding the app, checking permissions) and the long
 * calls between them (a service described, an upload judged) use connections of their own, one statement at a time,
 * as outside a unit, so the unit holds a connection (on PGlite, the only one) only from its first write to its
 * commit. From then on every statement is the unit's, so its reads see its writes. `release` is the unit's alone.
 */
export function joinedRunner(runner: QueryRunner, ownRunner: () => QueryRunner): { joined: QueryRunner; begun: () => boolean } {
  let beginning: Promise<void> | null = null;
  // Reads sent alone and not answered yet: the transaction waits for them, or a read awaited beside a write
  // (Promise.all) would wait on PGlite for the connection the transaction holds until the work ends.
  const readsAlone = new Set<Promise<unknown>>();
  const begin = (): Promise<void> => (beginning ??= Promise.allSettled([...readsAlone]).then(() => runner.startTransaction()));
  const readAlone: RunnerQuery = (sql, parameters, structured) => {
    const own = ownRunner();
    const read = (own.query as RunnerQuery).call(own, sql, parameters, structured).finally(() => own.release());
    readsAlone.add(read);
    return read.finally(() => readsAlone.delete(read));
  };
  // Statements sent at once (Promise.all) reach the unit's one connection one after the other, as pg wants.
  let lastInTurn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(statement: () => Promise<T>): Promise<T> => {
    const turn = lastInTurn.then(statement, statement);
    lastInTurn = turn.catch(() => undefined);
    return turn;
  };
  const keepUntilTheUnitEnds = async (): Promise<void> => undefined;
  const joined = new Proxy(runner, {
    get: (target, key) => {
      if (key === 'release') return keepUntilTheUnitEnds;
      // Inside the unit a transaction is always on: TypeORM's saves and query builders then open none of their own.
      if (key === 'isTransactionActive') return true;
      if (key === 'query') {
        return async (sql: string, parameters?: unknown[], structured?: boolean) => {
          if (beginning === null && isPlainRead(sql)) return readAlone(sql, parameters, structured);
          await begin();
          return inTurn(() => (target.query as RunnerQuery).call(target, sql, parameters, structured));
        };
      }
      // Whoever asks for the connection itself (or streams, or nests a transaction) is in the unit's transaction.
      if (key === 'startTransaction' || key === 'stream' || key === 'connect') {
        const method = Reflect.get(target, key, target) as (...args: unknown[]) => Promise<unknown>;
        return async (...args: unknown[]) => {
          await begin();
          return inTurn(() => method.apply(target, args));
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
  if (ownRunners.has(dataSource)) return;
  const ownRunner = dataSource.createQueryRunner.bind(dataSource);
  dataSource.createQueryRunner = (mode) => ambientTransaction()?.joined ?? ownRunner(mode);
  ownRunners.set(dataSource, ownRunner);
}

/** A runner of the data source's own, whatever unit the caller runs in. */
export function ownRunnerOf(dataSource: DataSource): QueryRunner {
  joinAmbientTransactions(dataSource);
  return ownRunners.get(dataSource)!();
}

/**
 * Bookkeeping beside the change (rows staged while an upload streams, an Idempotency-Key claimed): beside the unit
 * while its transaction has not begun, committed at once as outside a unit, so the unit holds no connection while a
 * client sends or an upload is judged. Once the unit has begun, a statement beside it would wait on PGlite for the
 * connection the unit holds, so it joins the unit instead.
 */
export async function besideTheUnit<T>(dataSource: DataSource, sql: string, parameters: unknown[]): Promise<T> {
  const transaction = ambientTransaction();
  if (!transaction || transaction.begun()) return dataSource.query<T>(sql, parameters);
  const own = ownRunnerOf(dataSource);
  try {
    return await (own.query as RunnerQuery).call(own, sql, parameters) as T;
  } finally {
    await own.release();
  }
}

/** Runs `cleanup` once the caller's unit ended, committed or rolled back, out of it (nothing outside a unit). */
export function whenTheUnitEnds(cleanup: () => Promise<unknown>): void {
  ambientTransaction()?.afterEnd.push(cleanup);
}

/** Undoing bookkeeping done beside the unit: at once before it began; after its end once it has (a rollback would undo it in it). */
export async function undoBesideTheUnit(dataSource: DataSource, sql: string, parameters: unknown[]): Promise<void> {
  if (ambientTransaction()?.begun()) return whenTheUnitEnds(() => dataSource.query(sql, parameters));
  await besideTheUnit(dataSource, sql, parameters);
}
