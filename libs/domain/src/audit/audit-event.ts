import type { Actor } from '../access/project';

/** Who made a change, as the audit log keeps it: the person or the key, by id and by the name shown then. */
export interface AuditActor {
  type: Actor['type'];
  id: string;
  name: string;
}

/**
 * One change to a project (ARCHITECTURE §17), appended once and never altered. `action` is `<resource>.<verb>`
 * (`app.create`, `environment.deploy`, `auth.sign_in_failed`); `summary` says it in words for the console.
 */
export interface AuditEvent {
  id: string;
  at: Date;
  projectId: string;
  actor: AuditActor;
  action: string;
  resourceType: string;
  resourceId: string | null;
  summary: string;
  /** The client's address as the api saw it; null for changes no request made. */
  ip: string | null;
}

/** `GET /audit-events`' filters: each one given narrows the list; `from` is inclusive, `to` exclusive. */
export interface AuditEventFilter {
  resourceType?: string;
  resourceId?: string;
  actorId?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

export const auditActorOf = (actor: Actor): AuditActor => ({ type: actor.type, id: actor.id, name: actor.name });
