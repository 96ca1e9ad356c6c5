import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import { ListAuditEventsUseCase } from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { answerPage, listed, pageRequest } from '../http/paging';
import { AuditEventDto, AuditEventQueryDto } from '../wire/audit.wire';
import { presentAuditEvent } from '../presenters/audit-event.presenter';

@ApiTags('audit')
@ApiSecurity('ApiKey')
@Controller('audit-events')
export class AuditEventsController {
  constructor(private readonly listAuditEvents: ListAuditEventsUseCase) {}

  /** The project's audit log, newest first (ARCHITECTURE §17); each filter given narrows it. */
  @Get()
  @ZodResponse({ status: 200, type: [AuditEventDto] })
  async list(@CurrentActor() actor: Actor, @Query() query: AuditEventQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const filter = {
      resourceType: query.resource_type, resourceId: query.resource_id, actorId: query.actor_id, action: query.action,
      from: query.from === undefined ? undefined : new Date(query.from), to: query.to === undefined ? undefined : new Date(query.to),
    };
    return answerPage(req, res, await listed(() => this.listAuditEvents.execute(actor, filter, pageRequest(query, 'bounded'))), presentAuditEvent);
  }
}
