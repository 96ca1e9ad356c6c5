import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import { ActAsMemberUseCase, AuthenticateSessionUseCase, AuthenticateUseCase, type Caller } from '@crucible/application';
import { CRUCIBLE_ENVIRONMENT, type CrucibleEnvironment } from '@crucible/platform';
import { PROJECT_HEADER, SESSION_COOKIE, assertCsrf, changesSomething, readCookie, setSessionCookies } from './session-cookies';

/** `Authorization: ApiKey <key>` or `Bearer <key>`; the key's project scopes everything after. */
export function readApiKey(header: string | undefined): string | undefined {
  const match = /^(ApiKey|Bearer)\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[2];
}

/** What authentication leaves on a request: the caller, and the actor (or why there is none) once a project is picked. */
export type AuthenticatedRequest = Request & { caller?: Caller; actor?: Actor; actorRefusal?: unknown };

/**
 * The one place a request's credentials are checked, for ApiKeyGuard and keyBeforeBody alike: an API key header
 * (which wins when both are sent), else the session cookie. A change made with the cookie must pass the CSRF and
 * Origin checks; API-key requests need neither (no browser sends a key by itself).
 */
@Injectable()
export class RequestAuthenticator {
  private readonly publicUrl: string | undefined;

  constructor(
    private readonly apiKeys: AuthenticateUseCase,
    private readonly sessions: AuthenticateSessionUseCase,
    private readonly actAsMember: ActAsMemberUseCase,
    @Inject(CRUCIBLE_ENVIRONMENT) environment: CrucibleEnvironment,
  ) {
    this.publicUrl = environment.CRUCIBLE_PUBLIC_URL;
  }

  /** Checks the credentials once per request (the middleware may have done it already) and keeps the caller on it. */
  async caller(req: AuthenticatedRequest, res: Response): Promise<Caller> {
    req.caller ??= await this.authenticate(req, res);
    return req.caller;
  }

  /**
   * The caller and the project the request acts on: a key's own, or for a person the one `X-Crucible-Project` names,
   * else the path's `project_id`, else their first. A project they are not in is kept as the refusal that a route
   * needing an actor answers (404), so `GET /auth/me` and `GET /projects` still work without one.
   */
  async resolve(req: AuthenticatedRequest, res: Response, pathProjectId: string | undefined): Promise<void> {
    const caller = await this.caller(req, res);
    if (caller.type === 'api_key') {
      req.actor = caller.actor;
      return;
    }
    const header = req.headers[PROJECT_HEADER];
    const named = (typeof header === 'string' && header.trim() ? header.trim() : undefined) ?? pathProjectId;
    try {
      req.actor = await this.actAsMember.execute(caller.user, named);
    } catch (error) {
      req.actorRefusal = error;
    }
  }

  get configuredPublicUrl(): string | undefined {
    return this.publicUrl;
  }

  private async authenticate(req: Request, res: Response): Promise<Caller> {
    const apiKey = readApiKey(req.headers.authorization);
    const token = readCookie(req, SESSION_COOKIE);
    if (apiKey || !token) return { type: 'api_key', actor: await this.apiKeys.execute(apiKey) };
    const now = new Date();
    const { user, session } = await this.sessions.execute(token, now);
    if (changesSomething(req)) assertCsrf(req, session, this.publicUrl);
    // The session's idle expiry moved: the cookies' lifetime moves with it.
    if (session.lastSeenAt.getTime() === now.getTime()) setSessionCookies(req, res, this.publicUrl, session, token);
    return { type: 'user', user, session };
  }
}
