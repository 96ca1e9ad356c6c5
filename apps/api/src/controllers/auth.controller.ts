import { Body, Controller, Get, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import { DomainError } from '@crucible/domain';
import { type Caller, CompleteSetupUseCase, GetMeUseCase, SignInUseCase, SignOutUseCase } from '@crucible/application';
import { CurrentCaller } from '../http/auth.guard';
import { Public } from '../http/public.decorator';
import { RequestAuthenticator } from '../http/request-authenticator';
import { SESSION_COOKIE, assertOwnOrigin, clearSessionCookies, readCookie, setSessionCookies } from '../http/session-cookies';
import { MeDto, SetUpDto, SetupDto, SignInDto, SignedInDto, SignedOutDto } from '../wire/auth.wire';
import { presentProjectWithRole, presentUser } from '../presenters/account.presenter';

function signedInPerson(caller: Caller) {
  if (caller.type !== 'user') throw new DomainError('rule_violation', 'this route is for a signed-in person; an API key\'s project is at GET /projects/current');
  return caller;
}

/** Sessions for people (ARCHITECTURE §17); API keys keep working beside them. */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly signIn: SignInUseCase,
    private readonly signOut: SignOutUseCase,
    private readonly me: GetMeUseCase,
    private readonly setup: CompleteSetupUseCase,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  /**
   * Sets the `crucible_session` (HttpOnly) and `crucible_csrf` cookies. A wrong password and an unknown email get the
   * same 401; failed sign-ins are limited per email and requests per address (429 with Retry-After). A wrong password for
   * an account writes `auth.sign_in_failed` in the audit log of each of its projects.
   */
  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('sign-in')
  @ZodResponse({ status: 200, type: SignedInDto })
  async signInWithPassword(@Body() body: SignInDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    assertOwnOrigin(req, this.authenticator.configuredPublicUrl, false);
    const { user, session, rawToken } = await this.signIn.execute({ email: body.email, password: body.password, ip: req.ip ?? null });
    setSessionCookies(req, res, this.authenticator.configuredPublicUrl, session, rawToken);
    return { user: presentUser(user) };
  }

  /** The first-run link: makes the first account, owner of the default project, and signs it in. 410 once used. */
  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('setup')
  @ZodResponse({ status: 200, type: SetUpDto })
  async completeSetup(@Body() body: SetupDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    assertOwnOrigin(req, this.authenticator.configuredPublicUrl, false);
    const { user, project, session, rawToken } = await this.setup.execute({ ...body, ip: req.ip ?? null });
    setSessionCookies(req, res, this.authenticator.configuredPublicUrl, session, rawToken);
    return { user: presentUser(user), project: presentProjectWithRole({ project, role: 'owner' }) };
  }

  /** Ends the session on the server and clears the cookies: the old cookie, replayed, gets 401. */
  @Post('sign-out')
  @ZodResponse({ status: 200, type: SignedOutDto })
  async end(@CurrentCaller() caller: Caller, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    signedInPerson(caller);
    const token = readCookie(req, SESSION_COOKIE);
    if (token) await this.signOut.execute(token);
    clearSessionCookies(req, res, this.authenticator.configuredPublicUrl);
    return { signed_out: true as const };
  }

  /** The signed-in person and their projects, with their role in each. */
  @Get('me')
  @ZodResponse({ status: 200, type: MeDto })
  async whoAmI(@CurrentCaller() caller: Caller) {
    const { user, projects } = await this.me.execute(signedInPerson(caller).user);
    return { user: presentUser(user), projects: projects.map(presentProjectWithRole) };
  }
}
