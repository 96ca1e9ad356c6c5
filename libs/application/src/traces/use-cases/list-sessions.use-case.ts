import { Injectable } from '@nestjs/common';
import type { Actor, TraceSession, TraceSessionFilter } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';
import { TraceSessionRepository } from '../ports';

/** `GET /sessions`: the project's conversations, most recently active first (ARCHITECTURE §10 paging). */
@Injectable()
export class ListSessionsUseCase {
  constructor(private readonly sessions: TraceSessionRepository) {}

  execute(actor: Actor, filter: TraceSessionFilter, page: PageRequest): Promise<Page<TraceSession>> {
    return this.sessions.list(actor.projectId, filter, page);
  }
}
