import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { CookieOptions, Request, Response } from 'express';
import { DomainError } from '@crucible/domain';
import { SIGN_IN_ATTEMPT_LIFETIME_MS } from '@crucible/integrations';
import { CompleteOidcSignInUseCase, GetSignInMethodsUseCase, StartOidcSignInUseCase } from '@crucible/application';
import { Public } from '../http/public.decorator';
import { RequestAuthenticator } from '../http/request-authenticator';
import { readCookie, setSessionCookies } from '../http/session-cookies';
import { toHttpError } from '../http/exception.filter';
import { SignInMethodsDto } from '../wire/auth.wire';
import { refusalPage } from '../presenters/refusal-page.presenter';

/** The sealed state, nonce and PKCE verifier of a single sign-on under way; sent only to the callback, for as long as the seal holds. */
const ATTEMPT_COOKIE = 'crucible_oidc';
const ATTEMPT_PATH = '/auth/oidc';
const OIDC_CALLBACK_PATH = `${ATTEMPT_PATH}/callback`;

/**
 * A browser navigated here, so it reads a page saying why (JSON for a client that does not ask for HTML, and for
 * "not configured", a 404 like any unknown route). Anything but a DomainError is the exception filter's.
 */
function refuse(req: Request, res: Response, error: unknown): void {
  const answer = error instanceof DomainError ? toHttpError(error) : null;
  if (!answer) throw error;
  if (answer.status === 404 || req.accepts(['json', 'html']) !== 'html') {
    res.status(answer.status).json(answer.body);
    return;
  }
  const { detail } = answer.body as { detail: string };
  res.status(answer.status).type('html').send(refusalPage('Single sign-on did not sign you in', detail));
}

/** Single sign-on with OpenID Connect (ARCHITECTURE §17); the browser navigates these, so they are not in /openapi.json. */
@ApiTags('auth')
@Controller('auth')
export class OidcController {
  constructor(
    private readonly methods: GetSignInMethodsUseCase,
    private readonly start: StartOidcSignInUseCase,
    private readonly complete: CompleteOidcSignInUseCase,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  /** What the sign-in page offers: passwords always, "Sign in with SSO" when it is configured. */
  @Public()
  @Get('providers')
  @ZodResponse({ status: 200, type: SignInMethodsDto })
  providers() {
    return this.methods.execute();
  }

  /** 302 to the identity provider; 404 when single sign-on is not configured. */
  @Public()
  @ApiExcludeEndpoint()
  @Get('oidc/login')
  async login(@Req() req: Request, @Res() res: Response): Promise<void> {
    try {
      const { authorizationUrl, attempt } = await this.start.execute({ redirectUri: this.redirectUri(req) });
      res.cookie(ATTEMPT_COOKIE, attempt, this.attemptCookie(req));
      res.redirect(302, authorizationUrl);
    } catch (error) {
      refuse(req, res, error);
    }
  }

  /**
   * Where the provider sends the browser back: signed in, 302 to the console; else a page (JSON for a client that
   * does not ask for HTML) saying why: 400 for a state that does not match this browser's sign-in, 403 for an
   * address that is unverified or has no account.
   */
  @Public()
  @ApiExcludeEndpoint()
  @Get('oidc/callback')
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    const { maxAge: _lifetime, ...cookie } = this.attemptCookie(req);
    // One attempt per cookie, whatever comes of it.
    res.clearCookie(ATTEMPT_COOKIE, cookie);
    try {
      const query = new URL(req.originalUrl, 'http://callback').searchParams;
      const { session, rawToken } = await this.complete.execute({
        redirectUri: this.redirectUri(req), query, attempt: readCookie(req, ATTEMPT_COOKIE),
      });
      setSessionCookies(req, res, this.authenticator.configuredPublicUrl, session, rawToken);
      res.redirect(302, '/ui/');
    } catch (error) {
      refuse(req, res, error);
    }
  }

  /** CRUCIBLE_PUBLIC_URL, else http://localhost and the port this request came in on (ARCHITECTURE §17). */
  private redirectUri(req: Request): string {
    const base = this.authenticator.configuredPublicUrl ?? `http://localhost:${req.socket.localPort ?? ''}`;
    return `${base.replace(/\/+$/, '')}${OIDC_CALLBACK_PATH}`;
  }

  private attemptCookie(req: Request): CookieOptions {
    const secure = req.secure || this.authenticator.configuredPublicUrl?.startsWith('https:') === true;
    return { httpOnly: true, sameSite: 'lax', path: ATTEMPT_PATH, secure, maxAge: SIGN_IN_ATTEMPT_LIFETIME_MS };
  }
}
