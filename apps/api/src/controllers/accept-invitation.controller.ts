import { Body, Controller, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import { AcceptInvitationUseCase } from '@crucible/application';
import { Public } from '../http/public.decorator';
import { type AuthenticatedRequest, RequestAuthenticator } from '../http/request-authenticator';
import { SESSION_COOKIE, assertOwnOrigin, readCookie, setSessionCookies } from '../http/session-cookies';
import { AcceptInvitationDto, AcceptedInvitationDto } from '../wire/invitation.wire';
import { presentUser } from '../presenters/account.presenter';

/** The invitee's side of an invitation (ARCHITECTURE §17): public, since the link is their only credential. */
@ApiTags('auth')
@Controller('auth')
export class AcceptInvitationController {
  constructor(
    private readonly acceptInvitation: AcceptInvitationUseCase,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  /**
   * Redeems a link and signs the person in (session cookies as sign-in sets them). A new address needs `name` and
   * `password`; an existing account joins with its own password, or when its session sends the request. Unknown
   * token 404; used, revoked or expired 410.
   */
  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('accept-invitation')
  @ZodResponse({ status: 200, type: AcceptedInvitationDto })
  async accept(@Body() body: AcceptInvitationDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const publicUrl = this.authenticator.configuredPublicUrl;
    assertOwnOrigin(req, publicUrl, false);
    const accepted = await this.acceptInvitation.execute({ ...body, signedInUserId: await this.signedInUserId(req, res), ip: req.ip ?? null });
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
