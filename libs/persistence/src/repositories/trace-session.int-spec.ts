import type { TraceSession, TraceSessionFilter } from '@crucible/domain';
import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmTraceSessionRepository } from './trace-session.repository';

interface Seeded {
  traceId: string;
  sessionId: string | null;
  appId: string;
  environment: string;
  userId: string;
  start: Date;
  tokens: number;
}

const BASE = Date.UTC(2026, 10, 20, 10);

/**
 * Sessions of 1–4 traces spread over two apps, two environments and two users, with start times shared by several
 * sessions (the session id breaks the tie), traces without a session, and one long session whose 300 traces are the
 * newest of app "a": it fills the head of every first read, and its oldest trace lies among older sessions, so a
 * later page meets it again past the cursor.
 */
function seed(): Seeded[] {
  const traces: Seeded[] = [];
  for (let s = 0; s < 60; s++) {
    for (let t = 0; t <= s % 4; t++) {
      traces.push({
        traceId: `t-${s}-${t}`, sessionId: `s-${String(s).padStart(3, '0')}`, appId: t === 3 ? 'b' : 'a',
        environment: s % 3 === 0 ? 'staging' : 'production', userId: `u-${(s + t) % 2}`,
        start: new Date(BASE + Math.floor(s / 2) * 60_000 + t * 1000), tokens: s + t,
      });
    }
    traces.push({ traceId: `lone-${s}`, sessionId: null, appId: 'a', environment: 'production', userId: 'u-0', start: new Date(BASE + s * 60_000 + 500), tokens: 1 });
  }
  for (let t = 0; t < 300; t++) {
    traces.push({
      traceId: `long-${t}`, sessionId: 's-long', appId: 'a', environment: 'production', userId: 'u-1',
      start: new Date(t === 0 ? BASE + 10 * 60_000 + 30 : BASE + 100 * 60_000 + t * 1000), tokens: 2,
    });
  }
  return traces;
}

/** What a page of sessions must hold: the filter's traces grouped by session, newest last trace first. */
function expected(traces: Seeded[], filter: TraceSessionFilter): TraceSession[] {
  const sessions = new Map<string, TraceSession>();
  for (const trace of traces) {
    if (!trace.sessionId || (filter.appId && trace.appId !== filter.appId) || (filter.environment && trace.environment !== filter.environment)
      || (filter.userId && trace.userId !== filter.userId)) continue;
    const session = sessions.get(trace.sessionId) ?? {
      sessionId: trace.sessionId, traces: 0, firstAt: trace.start, lastAt: trace.start, tokens: { prompt: 0, completion: 0, total: 0 }, cost: 0,
    };
    session.traces += 1;
    if (trace.start < session.firstAt) session.firstAt = trace.start;
    if (trace.start > session.lastAt) session.lastAt = trace.start;
    session.tokens = { prompt: session.tokens.prompt + trace.tokens, completion: 0, total: session.tokens.total + trace.tokens };
    session.cost += trace.tokens / 1000;
    sessions.set(trace.sessionId, session);
  }
  return [...sessions.values()].sort((x, y) => y.lastAt.getTime() - x.lastAt.getTime() || (x.sessionId < y.sessionId ? 1 : -1));
}

describe.each(['postgres', 'pglite'] as const)('sessions on %s', (engine) => {
  let database: TestDatabase;
  let repository: TypeOrmTraceSessionRepository;
  const traces = seed();

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    repository = new TypeOrmTraceSessionRepository(database.dataSource);
    await database.dataSource.query(
      `INSERT INTO traces (project_id, trace_id, source, name, app_id, environment, session_id, user_id, status, start_time, end_time,
         latency_ms, cost, prompt_tokens, completion_tokens, total_tokens, span_count, start_day)
       SELECT $1, r.trace_id, 'sdk', 'generate', r.app_id, r.environment, r.session_id, r.user_id, 'ok', r.start_time, r.start_time,
         10, r.tokens / 1000.0, r.tokens, 0, r.tokens, 1, (r.start_time AT TIME ZONE 'UTC')::date
       FROM jsonb_to_recordset($2::jsonb) AS r(trace_id text, app_id text, environment text, session_id text, user_id text, start_time timestamptz, tokens int)`,
      [database.actor.projectId, JSON.stringify(traces.map((trace) => ({
        trace_id: trace.traceId, app_id: trace.appId, environment: trace.environment, session_id: trace.sessionId, user_id: trace.userId,
        start_time: trace.start.toISOString(), tokens: trace.tokens,
      })))],
    );
  });
  afterAll(() => database?.close());

  async function everyPage(filter: TraceSessionFilter, limit: number): Promise<{ sessions: TraceSession[]; pages: number }> {
    const sessions: TraceSession[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await repository.list(database.actor.projectId, filter, { limit, cursor });
      sessions.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 100);
    return { sessions, pages };
  }

  const rounded = (sessions: TraceSession[]) => sessions.map((session) => ({ ...session, cost: Number(session.cost.toFixed(9)) }));

  it.each<[string, TraceSessionFilter, number]>([
    ['an app, pages of 3', { appId: 'a' }, 3],
    ['an app, pages of 7', { appId: 'a' }, 7],
    ['the whole project, pages of 5', {}, 5],
    ['an app and environment, pages of 4', { appId: 'a', environment: 'production' }, 4],
    ['a user, pages of 6', { userId: 'u-1' }, 6],
    ['an app with a single page', { appId: 'b' }, 50],
  ])('%s: every session once, newest first, added up over the filter\'s traces alone', async (_name, filter, limit) => {
    const want = expected(traces, filter);
    const { sessions, pages } = await everyPage(filter, limit);

    expect(rounded(sessions)).toEqual(rounded(want));
    expect(pages).toBe(Math.max(1, Math.ceil(want.length / limit)));
  });

  it('answers the same page as grouping every trace', async () => {
    const paged = await repository.list(database.actor.projectId, { appId: 'a' }, { limit: 10, cursor: null });
    const all = await repository.list(database.actor.projectId, { appId: 'a' }, { limit: null, cursor: null });

    expect(paged.items).toEqual(all.items.slice(0, 10));
    expect(paged.items[0]!.sessionId).toBe('s-long');
    expect(paged.items[0]!.traces).toBe(300);
  });

  it('lists nothing for an app without sessions', async () => {
    expect(await repository.list(database.actor.projectId, { appId: 'none' }, { limit: 10, cursor: null })).toEqual({ items: [], nextCursor: null });
  });
});
