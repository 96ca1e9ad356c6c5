import { Injectable } from '@nestjs/common';
import type { Actor, AuditEvent, AuditEventFilter } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';
import { AuditTrail } from '../ports';

/** The caller's project's audit log, newest first; who may read it is the roles guard's to say. */
@Injectable()
export class ListAuditEventsUseCase {
  constructor(private readonly trail: AuditTrail) {}

  execute(actor: Actor, filter: AuditEventFilter, page: PageRequest): Promise<Page<AuditEvent>> {
    return this.trail.list(actor.projectId, filter, page);
  }
}
