import type { CrucibleClient } from '@crucible/client';
import { expectedEventOf } from '@crucible/api';
import { ok } from './api-answers';

type AuditEventAnswer = Awaited<ReturnType<typeof listPage>>[number];

/** What a suite knows of a request it sent: its answer, and the path parameters and body it sent. */
export interface SentRequest {
  /** The answer's body (the typed client's `data`), as the api's audit table reads it. */
  answer?: unknown;
  params?: Record<string, string>;
  body?: unknown;
}

const listPage = (api: CrucibleClient, query: { limit: number; cursor?: string }) => ok(api.GET('/audit-events', { params: { query } }));

/**
 * Watches a project's audit log from now on: each change a suite makes must have added exactly one event, as the
 * api's audit table says for that operation (`expectOneEventFor`), and a refused request none (`expectNoNewEvent`).
 * `reader` reads the log (an admin); the suite calls it after each request, in the order it sent them.
 */
export async function watchAuditLog(reader: CrucibleClient) {
  let newestSeen = (await listPage(reader, { limit: 1 }))[0]?.id ?? null;

  /** The events after the newest one seen, newest first (by `actorId` only, when given); they count as seen from now. */
  async function newEvents(actorId?: string): Promise<AuditEventAnswer[]> {
    const fresh: AuditEventAnswer[] = [];
    let cursor: string | undefined;
    for (;;) {
      const { data, response } = await reader.GET('/audit-events', { params: { query: { limit: 50, cursor } } });
      if (!response.ok || !data) throw new Error(`GET /audit-events answered ${response.status}`);
      const seenAt = data.findIndex((event) => event.id === newestSeen);
      fresh.push(...(seenAt === -1 ? data : data.slice(0, seenAt)));
      const next = /[?&]cursor=([^&>]+)/.exec(response.headers.get('link') ?? '')?.[1];
      if (seenAt !== -1 || next === undefined) break;
      cursor = decodeURIComponent(next);
    }
    newestSeen = fresh[0]?.id ?? newestSeen;
    return actorId === undefined ? fresh : fresh.filter((event) => event.actor.id === actorId);
  }

  return {
    /**
     * The one event `operation` (`METHOD /path` as /openapi.json names it) wrote; fails on none, on two, or on another.
     * With `actorId`, only that actor's events count: a suite's prerequisites, made by others, are not the call's.
     */
    async expectOneEventFor(operation: string, sent: SentRequest, actorId?: string): Promise<AuditEventAnswer> {
      const expected = expectedEventOf(operation, { params: sent.params ?? {}, body: sent.body, answer: sent.answer });
      if (!expected) throw new Error(`${operation} writes no audit event (its entry in AUDIT_RULES says why)`);
      const events = await newEvents(actorId);
      expect({ operation, events: events.map((e) => `${e.action} ${e.resource_id}`) }).toEqual({ operation, events: [`${expected.action} ${expected.resourceId}`] });
      const [event] = events;
      expect(event).toMatchObject({
        action: expected.action, resource_type: expected.resourceType, resource_id: expected.resourceId,
        ...(expected.summary === undefined ? {} : { summary: expected.summary }),
      });
      return event!;
    },
    /** `action resource_id` of each event since the last look (by `actorId` only, when given), newest first. */
    async newEventsBy(actorId?: string): Promise<string[]> {
      return (await newEvents(actorId)).map((e) => `${e.action} ${e.resource_id}`);
    },
    async expectNoNewEvent(actorId?: string): Promise<void> {
      expect((await newEvents(actorId)).map((e) => `${e.action}: ${e.summary}`)).toEqual([]);
    },
  };
}
