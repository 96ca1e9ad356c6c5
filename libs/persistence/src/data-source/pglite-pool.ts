import { EventEmitter } from 'node:events';
import type { PgliteSession } from './pglite-session';

type QueryCallback = (error: Error | null, result?: unknown) => void;

/**
 * A `pg`-compatible module over one PGlite instance, for TypeORM's postgres driver.
 *
 * PGlite is a single session, so two TypeORM query runners must never interleave statements: a
 * transaction would see (and roll back) another's writes. typeorm-pglite shares the session freely
 * and uses one global instance; this pool hands the session to one client at a time, queueing the rest,
 * which gives every transaction the isolation it has on a real server. `onClosed` runs once the database is
 * closed (it releases the data directory).
 */
export function createPglitePgModule(db: PgliteSession, onClosed: () => void = () => undefined): { Pool: new () => EventEmitter } {
  let locked = false;
  const waiting: Array<() => void> = [];

  const acquire = (): Promise<void> =>
    new Promise((resolve) => {
      if (!locked) {
        locked = true;
        resolve();
      } else waiting.push(resolve);
    });
  const releaseLock = (): void => {
    const next = waiting.shift();
    if (next) next();
    else locked = false;
  };

  const run = (sql: string, params?: unknown[]) => db.query(sql, params);
  const exclusively = (sql: string, params?: unknown[]): Promise<unknown> =>
    acquire().then(() => run(sql, params).finally(releaseLock));

  class PglitePgClient extends EventEmitter {
    query(sql: string, paramsOrCallback?: unknown[] | QueryCallback, maybeCallback?: QueryCallback): Promise<unknown> {
      const params = Array.isArray(paramsOrCallback) ? paramsOrCallback : undefined;
      const callback = typeof paramsOrCallback === 'function' ? paramsOrCallback : maybeCallback;
      const result = run(sql, params);
      if (callback) result.then((value) => callback(null, value), (error: Error) => callback(error));
      return result;
    }
  }

  class PglitePgPool extends EventEmitter {
    connect(callback: (error: Error | null, client?: PglitePgClient, release?: () => void) => void): void {
      acquire().then(() => {
        let released = false;
        callback(null, new PglitePgClient(), () => {
          if (released) return;
          released = true;
          releaseLock();
        });
      });
    }

    query(sql: string, params?: unknown[]): Promise<unknown> {
      return exclusively(sql, params);
    }

    end(callback?: (error: Error | null) => void): Promise<void> {
      const closed = db.close().finally(onClosed);
      if (callback) closed.then(() => callback(null), (error: Error) => callback(error));
      return closed;
    }
  }

  return { Pool: PglitePgPool };
}
