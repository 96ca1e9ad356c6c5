import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiNoContentResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import {
  AcceptInvitationUseCase, CreateInvitationUseCase, ListInvitationsUseCase, RevokeInvitationUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { Public } from '../http/public.decorator';
import { answerPage, listed, pageRequest } from '../http/paging';
import { type AuthenticatedRequest, RequestAuthenticator } from '../http/request-authenticator';
import { SESSION_COOKIE, assertOwnOrigin, readCookie, setSessionCookies } from '../http/session-cookies';
import { PageQueryDto } from '../wire/common.wire';
import { AcceptInvitationDto, AcceptedInvitationDto, CreateInvitationDto, CreatedInvitationDto, InvitationDto } from '../wire/invitation.wire';
import { presentInvitation } from '../presenters/invitation.presenter';
import { presentUser } from '../presenters/account.presenter';

/** Invitations into a project (ARCHITECTURE §17): single use, a week long, revocable; the link is shown to the inviter. */
@ApiTags('access')
@ApiSecurity('ApiKey')
@Controller()
export class InvitationsController {
  constructor(
    private readonly createInvitation: CreateInvitationUseCase,
    private readonly listInvitations: ListInvitationsUseCase,
    private readonly revokeInvitation: RevokeInvitationUseCase,
    private readonly acceptInvitation: AcceptInvitationUseCase,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  /** 409 when the address is a member already or has a pending invitation; only an owner invites owners. */
  @Post('projects/:project_id/invitations')
  @ZodResponse({ status: 200, type: CreatedInvitationDto })
  async create(
    @CurrentActor() actor: Actor, @Param('project_id', new IdPipe('project')) projectId: string,
    @Body() body: CreateInvitationDto, @Req() req: Request,
  ) {
    const publicBaseUrl = this.authenticator.configuredPublicUrl ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
    const { invitation, inviteUrl, mailed } = await this.createInvitation.execute(actor, { projectId, email: body.email, role: body.role, publicBaseUrl });
    return { ...presentInvitation(invitation), invite_url: inviteUrl, mailed };
  }

  /** The pending ones: used, revoked and expired invitations are not listed. */
  @Get('projects/:project_id/invitations')
  @ZodResponse({ status: 200, type: [InvitationDto] })
  async list(
    @CurrentActor() actor: Actor, @Param('project_id', new IdPipe('project')) projectId: string,
    @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    return answerPage(req, res, await listed(() => this.listInvitations.execute(actor, projectId, pageRequest(query, 'bounded'))), presentInvitation);
  }

  /** Its link answers 410 from now on. */
  @Delete('projects/:project_id/invitations/:invitation_id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked' })
  async revoke(
    @CurrentActor() actor: Actor, @Param('project_id', new IdPipe('project')) projectId: string,
    @Param('invitation_id', new IdPipe('invitation')) invitationId: string,
  ): Promise<void> {
    await this.revokeInvitation.execute(actor, { projectId, invitationId });
  }

  /**
   * Redeems a link and signs the person in (session cookies as sign-in sets them). A new address needs `name` and
   * `password`; an existing account joins with its own password, or when its session sends the request. Unknown
   * token 404; used, revoked or expired 410.
   */
  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('auth/accept-invitation')
  @ZodResponse({ status: 200, type: AcceptedInvitationDto })
  async accept(@Body() body: AcceptInvitationDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const publicUrl = this.authenticator.configuredPublicUrl;
    assertOwnOrigin(req, publicUrl, false);
    const accepted = await this.acceptInvitation.execute({ ...body, signedInUserId: await this.signedInUserId(req, res) });
    setSessionCookies(req, res, publicUrl, accepted.session, accepted.rawToken);
    return { user: presentUser(accepted.user), project: { id: accepted.project.id, name: accepted.project.name, role: accepted.role } };
  }

  /** The person whose session cookie came with the request, if it is a live one with its CSRF token; else nobody. */
  private async signedInUserId(req: Request, res: Response): Promise<string | undefined> {
    if (!readCookie(req, SESSION_COOKIE)) return undefined;
    try {
      const caller = await this.authenticator.caller(req as AuthenticatedRequest, res);
      return caller.type === 'user' ? caller.user.id : undefined;
    } catch {
      return undefined;
    }
  }
}
