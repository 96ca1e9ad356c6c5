import { DataSource } from 'typeorm';
import { answer, ok } from './support/api-answers';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { watchAuditLog } from './support/audit-log';

/**
 * ARCHITECTURE §17: a change and its audit event are written in one transaction. The faults are made by triggers
 * this suite creates in its own database: one refuses the audit event of an app named "doomed-…", another refuses
 * the variant of an app named "half-…" (after the app itself was written).
 */
const REFUSE_SOME_WRITES = `
  CREATE FUNCTION audit_tx_refuse_event() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.action = 'app.create' AND NEW.summary LIKE '%"doomed-%' THEN RAISE EXCEPTION 'the audit log refuses this event (test)'; END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER audit_tx_refuse_event BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_tx_refuse_event();
  CREATE FUNCTION audit_tx_refuse_variant() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM apps WHERE id = NEW.app_id AND name LIKE 'half-%') THEN RAISE EXCEPTION 'no variant for this app (test)'; END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER audit_tx_refuse_variant BEFORE INSERT ON variants FOR EACH ROW EXECUTE FUNCTION audit_tx_refuse_variant();
`;

describe.each<Engine>(['pglite', 'postgres'])('the audit event in the transaction of its change on %s', (engine) => {
  let server: RunningApi;
  let log: Awaited<ReturnType<typeof watchAuditLog>>;

  beforeAll(async () => {
    server = await startApi(engine);
    await server.app.get(DataSource).query(REFUSE_SOME_WRITES);
    log = await watchAuditLog(server.api);
  }, 120_000);
  afterAll(() => server?.close());

  const appNames = async (): Promise<string[]> => (await ok(server.api.GET('/apps'))).map((app) => app.app_name);

  it('an event that cannot be written undoes its change: the client gets an error and finds nothing new', async () => {
    const refused = await answer(server.api.POST('/apps', { body: { app_name: 'doomed-app' } }));
    expect(refused.status).toBe(500);
    expect(await appNames()).not.toContain('doomed-app');
    await log.expectNoNewEvent();

    // The transaction was rolled back and its connection handed back: the next change goes through, with its event.
    const body = { app_name: 'fine-app' };
    const created = await ok(server.api.POST('/apps', { body }));
    expect(await appNames()).toContain('fine-app');
    await log.expectOneEventFor('POST /apps', { answer: created, body });
  });

  it('a handler that fails after writing leaves neither its writes nor an event', async () => {
    // The app is written, then its template variant is refused: the whole request is undone.
    const failed = await answer(server.api.POST('/apps', { body: { app_name: 'half-app', template_key: 'completion' } }));
    expect(failed.status).toBe(500);
    expect(await appNames()).not.toContain('half-app');
    await log.expectNoNewEvent();

    // A refusal (the name is taken) changes nothing and writes nothing either.
    const taken = await answer(server.api.POST('/apps', { body: { app_name: 'fine-app' } }));
    expect(taken.status).toBe(409);
    await log.expectNoNewEvent();
  });

  it('parallel changes each commit with exactly their own event', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `parallel-${i}`);
    const created = await Promise.all(names.map((app_name) => ok(server.api.POST('/apps', { body: { app_name } }))));
    // Reads in between wait for no transaction but their own.
    await Promise.all(names.map(() => ok(server.api.GET('/apps'))));
    const events = (await ok(server.api.GET('/audit-events', { params: { query: { action: 'app.create', limit: 100 } } })))
      .filter((event) => event.summary.includes('"parallel-'));
    expect(events.map((event) => [event.resource_id, event.summary]).sort())
      .toEqual(created.map((app) => [app.app_id, `created app "${app.app_name}"`]).sort());
    expect(await appNames()).toEqual(expect.arrayContaining(names));
  });
});
