import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Actor, type AuditEvent, auditActorOf } from '@crucible/domain';
import { AuditTrail } from '../ports';

/** What a change was, as the operation that made it describes it. */
export interface Change {
  action: string;
  resourceType: string;
  resourceId: string | null;
  summary: string;
}

/** Appends the event of one change the actor made, in the actor's project. */
@Injectable()
export class RecordChangeUseCase {
  constructor(private readonly trail: AuditTrail) {}

  async execute(actor: Actor, change: Change, ip: string | null): Promise<AuditEvent> {
    const event: AuditEvent = { id: randomUUID(), at: new Date(), projectId: actor.projectId, actor: auditActorOf(actor), ...change, ip };
    await this.trail.record(event);
    return event;
  }
}
