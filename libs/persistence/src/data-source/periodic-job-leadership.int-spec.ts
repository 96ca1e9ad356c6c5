import { Client } from 'pg';
import { type TestPostgres, createTestPostgres } from '../testing/test-databases';
import { AdvisoryLockLeadership } from './periodic-job-leadership';

/** Several api processes on one PostgreSQL database (CRUCIBLE_API_WORKERS, or several servers): one leads at a time. */
describe('the periodic jobs\' leadership on PostgreSQL', () => {
  let postgres: TestPostgres;
  const opened: AdvisoryLockLeadership[] = [];
  const apiProcess = () => {
    const leadership = new AdvisoryLockLeadership(postgres.url);
    opened.push(leadership);
    return leadership;
  };

  beforeAll(async () => {
    postgres = await createTestPostgres();
  });
  afterAll(async () => {
    await Promise.all(opened.map((leadership) => leadership.close()));
    await postgres?.drop();
  });

  it('is held by one process at a time, and passes to another when the holder stops or its session is lost', async () => {
    const first = apiProcess();
    const second = apiProcess();
    const [firstLeads, secondLeads] = await Promise.all([first.leads(), second.leads()]);
    expect([firstLeads, secondLeads].filter(Boolean)).toHaveLength(1);
    const [holder, other] = firstLeads ? [first, second] : [second, first];
    expect(await holder.leads()).toBe(true);
    expect(await other.leads()).toBe(false);

    // A worker that dies: the server ends its session, and with it the lock.
    const admin = new Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      const terminated = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()`,
      );
      expect(terminated.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    expect(await other.leads()).toBe(true);
    expect(await holder.leads()).toBe(false);

    // One restarted by the cluster's primary asks again, and waits its turn; a graceful stop hands over at once.
    const restarted = apiProcess();
    expect(await restarted.leads()).toBe(false);
    await other.close();
    expect(await other.leads()).toBe(false);
    expect(await restarted.leads()).toBe(true);
    expect(await holder.leads()).toBe(false);
  });
});
