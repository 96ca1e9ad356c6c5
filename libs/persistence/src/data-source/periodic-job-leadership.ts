import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { PeriodicJobLeadership } from '@crucible/application';
import { beforeDestroy } from './before-destroy';
import type { DatabaseConfig } from './create-data-source';

/** "periodic" in ASCII, as a 64-bit key (a string: it is past JavaScript's safe integers); distinct from the other locks' keys. */
const LEADERSHIP_LOCK_KEY = '8099005302061689187';

/** On PGlite one process owns the data directory (pglite-directory-lock.ts): it leads. */
export class SoleProcessLeadership extends PeriodicJobLeadership {
  async leads(): Promise<boolean> {
    return true;
  }
}

/**
 * On PostgreSQL, a session-level advisory lock held on a connection of its own, outside the pool, for as long as the
 * process lives: the server frees it when that session ends, so a worker that dies (or loses the server) hands the
 * lead to whichever process asks next, and a process restarted by the cluster's primary simply asks again. Only the
 * holder keeps a connection: the others open one for each question and close it on a no.
 */
export class AdvisoryLockLeadership extends PeriodicJobLeadership {
  private client: Client | null = null;
  private held = false;
  private closed = false;
  private asking: Promise<boolean> | null = null;

  constructor(private readonly url: string) {
    super();
  }

  leads(): Promise<boolean> {
    this.asking ??= this.ask().finally(() => {
      this.asking = null;
    });
    return this.asking;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.asking;
    await this.drop();
  }

  private async ask(): Promise<boolean> {
    if (this.closed) return false;
    try {
      const client = this.client ?? (await this.connect());
      // Held, a round trip proves the session (and so the lock) still lives; not held, it tries again, without stacking.
      if (this.held) await client.query('SELECT 1');
      else this.held = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [LEADERSHIP_LOCK_KEY])).rows[0]?.locked === true;
      // Only the holder keeps its connection: the others ask again on one of their next ticks.
      if (!this.held) await this.drop();
      return this.held;
    } catch {
      await this.drop();
      return false;
    }
  }

  private async connect(): Promise<Client> {
    const client = new Client({ connectionString: this.url, connectionTimeoutMillis: 5000, keepAlive: true });
    // A session lost between two questions is noticed here; the lock went with it.
    client.on('error', () => void this.drop(client));
    client.on('end', () => void this.drop(client));
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return client;
  }

  private async drop(client = this.client): Promise<void> {
    if (!client) return;
    if (this.client === client) {
      this.client = null;
      this.held = false;
    }
    await client.end().catch(() => undefined);
  }
}

/** The leadership among the processes sharing this database; the lead is given up when the data source is destroyed. */
export function periodicJobLeadershipOf(config: DatabaseConfig, dataSource: DataSource): PeriodicJobLeadership {
  if (config.kind === 'pglite') return new SoleProcessLeadership();
  const leadership = new AdvisoryLockLeadership(config.url);
  beforeDestroy(dataSource, () => leadership.close());
  return leadership;
}
