import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { beforeDestroy } from './before-destroy';
import type { PgliteSession } from './pglite-session';

/** The channel of migration 1764500000000's triggers; a notice's payload is the topic that changed. */
const CHANNEL = 'changes';
/** How long the listener waits before connecting again after losing its connection. */
const RECONNECT_MS = 1000;

/** The topics the triggers send. */
export const topics = {
  evaluationsOf: (projectId: string): string => `evaluations:${projectId}`,
  onlineEvaluationsOf: (projectId: string): string => `online_evaluations:${projectId}`,
  deploymentsOf: (projectId: string): string => `environments:${projectId}`,
  apiKeys: 'api_keys',
};

/**
 * How many times each topic changed, as the database tells it: a trigger sends a notice at every commit that
 * changed a table it watches. Something read while a topic's stamp stood at S is still exact while it stands at S.
 */
export abstract class ChangeNotices {
  private readonly counts = new Map<string, number>();
  /** Notices can have been missed (a listener reconnected): stamps of an earlier epoch are never equal to one of now. */
  protected epoch = 0;

  /** The topic's stamp, counting every change committed before the call; null when the listener cannot vouch for it. */
  abstract stampOf(topic: string): Promise<string | null>;

  /**
   * The topic's stamp as far as this process has heard, without a round trip: a change committed elsewhere moves it
   * once its notice arrives (a moment after the commit). Null while nobody listens.
   */
  abstract heardStampOf(topic: string): string | null;

  abstract close(): Promise<void>;

  protected heard(topic: string): void {
    this.counts.set(topic, (this.counts.get(topic) ?? 0) + 1);
  }

  protected stamp(topic: string): string {
    return `${this.epoch}:${this.counts.get(topic) ?? 0}`;
  }
}

/** PGlite's one session listens itself: a commit's notice is heard before the answer of the statement that sent it. */
export class PgliteChangeNotices extends ChangeNotices {
  static async listen(session: PgliteSession, dataSource: DataSource): Promise<PgliteChangeNotices> {
    const changes = new PgliteChangeNotices();
    session.onNotification((channel, payload) => {
      if (channel === CHANNEL) changes.heard(payload);
    });
    await dataSource.query(`LISTEN ${CHANNEL}`);
    return changes;
  }

  async stampOf(topic: string): Promise<string | null> {
    return this.stamp(topic);
  }

  heardStampOf(topic: string): string | null {
    return this.stamp(topic);
  }

  async close(): Promise<void> {}
}

/**
 * A connection of its own listens. PostgreSQL sends a listening session the notices of every transaction committed
 * before a statement ahead of that statement's answer, so one round trip on it counts every change committed
 * before the round trip began: a client that changed something and then reads it sees its change.
 */
export class PostgresChangeNotices extends ChangeNotices {
  private client: Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private tripOnItsWay: Promise<boolean> = Promise.resolve(true);
  private nextTrip: Promise<boolean> | null = null;

  private constructor(private readonly url: string) {
    super();
  }

  static async listen(url: string): Promise<PostgresChangeNotices> {
    const changes = new PostgresChangeNotices(url);
    await changes.connect();
    return changes;
  }

  async stampOf(topic: string): Promise<string | null> {
    const epoch = this.epoch;
    if (!this.client || !(await this.roundTrip())) return null;
    return this.client && this.epoch === epoch ? this.stamp(topic) : null;
  }

  heardStampOf(topic: string): string | null {
    return this.client ? this.stamp(topic) : null;
  }

  /**
   * A round trip that begins after the call. Callers that come while one is on its way share the next one: under
   * load the listener makes one round trip at a time, not one per listing.
   */
  private roundTrip(): Promise<boolean> {
    this.nextTrip ??= this.tripOnItsWay.then(() => {
      this.nextTrip = null;
      const client = this.client;
      this.tripOnItsWay = client ? client.query('SELECT 1').then(() => true, () => false) : Promise.resolve(false);
      return this.tripOnItsWay;
    });
    return this.nextTrip;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
    client.on('notification', ({ channel, payload }) => {
      if (channel === CHANNEL && payload) this.heard(payload);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch {
      this.lost(client);
      return;
    }
    if (this.closed) return void client.end().catch(() => undefined);
    this.epoch += 1;
    this.client = client;
  }

  /** Notices sent while no one listened are gone: until a new connection listens, nothing is vouched for. */
  private lost(client: Client): void {
    void client.end().catch(() => undefined);
    if (this.client === client) this.client = null;
    if (this.client || this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, RECONNECT_MS);
    this.retry.unref();
  }
}

const registry = new WeakMap<DataSource, ChangeNotices>();

/** What openDataSource started for this data source; none for one built elsewhere (it then reads every time). */
export const changeNoticesOf = (dataSource: DataSource): ChangeNotices | undefined => registry.get(dataSource);

/** Keeps `changes` with the data source until it is destroyed. */
export function attachChangeNotices(dataSource: DataSource, changes: ChangeNotices): void {
  registry.set(dataSource, changes);
  beforeDestroy(dataSource, () => {
    registry.delete(dataSource);
    return changes.close();
  });
}
