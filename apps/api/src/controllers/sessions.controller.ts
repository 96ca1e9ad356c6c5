import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import { ListSessionsUseCase } from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { answerPage, listed, pageRequest } from '../http/paging';
import { TraceSessionDto, TraceSessionQueryDto } from '../wire/trace.wire';
import { presentTraceSession } from '../presenters/trace.presenter';

/** ARCHITECTURE §18: conversations, the traces that share a session id; a session's own traces are `GET /traces?session_id=`. */
@ApiTags('traces')
@ApiSecurity('ApiKey')
@Controller('sessions')
export class SessionsController {
  constructor(private readonly listSessions: ListSessionsUseCase) {}

  @Get()
  @ApiOkResponse({ type: [TraceSessionDto.Output] })
  async list(@CurrentActor() actor: Actor, @Query() query: TraceSessionQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const filter = { appId: query.app_id, environment: query.environment, userId: query.user_id };
    return answerPage(req, res, await listed(() => this.listSessions.execute(actor, filter, pageRequest(query, 'bounded'))), presentTraceSession);
  }
}
