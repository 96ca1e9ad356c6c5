import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import { CreateInvitationUseCase, ListInvitationsUseCase, RevokeInvitationUseCase, UnitOfWork } from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { answerPage, listed, pageRequest } from '../http/paging';
import { RequestAuthenticator } from '../http/request-authenticator';
import { PageQueryDto } from '../wire/common.wire';
import { CreateInvitationDto, CreatedInvitationDto, InvitationDto } from '../wire/invitation.wire';
import { presentInvitation } from '../presenters/invitation.presenter';

/** Invitations into a project (ARCHITECTURE §17): single use, a week long, revocable; the link is shown to the inviter. */
@ApiTags('access')
@ApiSecurity('ApiKey')
@Controller('projects/:project_id/invitations')
export class InvitationsController {
  constructor(
    private readonly createInvitation: CreateInvitationUseCase,
    private readonly listInvitations: ListInvitationsUseCase,
    private readonly revokeInvitation: RevokeInvitationUseCase,
    private readonly authenticator: RequestAuthenticator,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * 409 when the address is a member already or has a pending invitation; only an owner invites owners. The mail goes
   * after the commit (the audit's unit of work wraps this handler), and the unit runs its after-commit effects before
   * the answer leaves, so `mailed` is filled in by then.
   */
  @Post()
  @ZodResponse({ status: 200, type: CreatedInvitationDto })
  async create(
    @CurrentActor() actor: Actor, @Param('project_id', new IdPipe('project')) projectId: string,
    @Body() body: CreateInvitationDto, @Req() req: Request,
  ) {
    const publicBaseUrl = this.authenticator.configuredPublicUrl ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
    const { invitation, inviteUrl, mailed } = await this.createInvitation.execute(actor, { projectId, email: body.email, role: body.role, publicBaseUrl });
    const answer = { ...presentInvitation(invitation), invite_url: inviteUrl, mailed: false };
    await this.unitOfWork.afterCommit(async () => { answer.mailed = await mailed; });
    return answer;
  }

  /** The pending ones: used, revoked and expired invitations are not listed. */
  @Get()
  @ZodResponse({ status: 200, type: [InvitationDto] })
  async list(
    @CurrentActor() actor: Actor, @Param('project_id', new IdPipe('project')) projectId: string,
    @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    return answerPage(req, res, await listed(() => this.listInvitations.execute(actor, projectId, pageRequest(query, 'bounded'))), presentInvitation);
  }

  /** Its link answers 410 from now on. */
  @Delete(':invitation_id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked' })
  async revoke(
    @CurrentActor() actor: Actor, @Param('project_id', new IdPipe('project')) projectId: string,
    @Param('invitation_id', new IdPipe('invitation')) invitationId: string,
  ): Promise<void> {
    await this.revokeInvitation.execute(actor, { projectId, invitationId });
  }
}
