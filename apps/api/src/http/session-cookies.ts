import { timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { DomainError, SESSION_IDLE_MS, type Session } from '@crucible/domain';

export const SESSION_COOKIE = 'crucible_session';
/** Readable by the console's scripts, which echo it in X-Crucible-CSRF (double submit). */
export const CSRF_COOKIE = 'crucible_csrf';
export const CSRF_HEADER = 'x-crucible-csrf';
/** Which of their projects a signed-in person's request acts on. */
export const PROJECT_HEADER = 'x-crucible-project';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const changesSomething = (req: Request): boolean => CHANGING_METHODS.has(req.method.toUpperCase());

export function readCookie(req: Request, name: string): string | undefined {
  const cookies = (req as Request & { cookies?: Record<string, unknown> }).cookies;
  const value = cookies?.[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The request came over https, or people reach the api over https (a proxy in front ends TLS). */
function secure(req: Request, publicUrl: string | undefined): boolean {
  return req.secure || publicUrl?.startsWith('https:') === true;
}

const cookieOptions = (req: Request, publicUrl: string | undefined, httpOnly: boolean): CookieOptions => ({
  httpOnly, sameSite: 'lax', path: '/', secure: secure(req, publicUrl), maxAge: SESSION_IDLE_MS,
});

/** Both cookies last as long as the session may stay idle; each use of the session renews them. */
export function setSessionCookies(req: Request, res: Response, publicUrl: string | undefined, session: Session, rawToken: string): void {
  res.cookie(SESSION_COOKIE, rawToken, cookieOptions(req, publicUrl, true));
  res.cookie(CSRF_COOKIE, session.csrfToken, cookieOptions(req, publicUrl, false));
}

export function clearSessionCookies(req: Request, res: Response, publicUrl: string | undefined): void {
  const { maxAge: _lifetime, ...options } = cookieOptions(req, publicUrl, true);
  res.clearCookie(SESSION_COOKIE, options);
  res.clearCookie(CSRF_COOKIE, { ...options, httpOnly: false });
}

function ownOrigin(req: Request, publicUrl: string | undefined): string {
  const own = publicUrl ?? `${req.protocol}://${req.headers.host ?? ''}`;
  return originOf(own) ?? own;
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * A browser names the page a request comes from in `Origin`: it must be the api's own (CRUCIBLE_PUBLIC_URL when
 * set, else the request's scheme and Host). Where `required`, a request without one is refused too.
 */
export function assertOwnOrigin(req: Request, publicUrl: string | undefined, required: boolean): void {
  const origin = req.headers.origin;
  const own = ownOrigin(req, publicUrl);
  if (!origin) {
    if (required) throw new DomainError('forbidden', `a change made with the session cookie must carry an Origin header (${own})`);
    return;
  }
  if (originOf(origin) !== own) throw new DomainError('forbidden', `the Origin ${origin} is not this api's own (${own}): cross-site changes are refused`);
}

const sameSecret = (a: string, b: string): boolean => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Double submit: the header equals the cookie, and both are this session's token, which another site cannot read. */
export function assertCsrf(req: Request, session: Session, publicUrl: string | undefined): void {
  const header = req.headers[CSRF_HEADER];
  const sent = typeof header === 'string' ? header : undefined;
  const cookie = readCookie(req, CSRF_COOKIE);
  if (!sent) throw new DomainError('forbidden', `a change made with the session cookie must carry the ${CSRF_COOKIE} cookie's value in X-Crucible-CSRF`);
  if (!cookie || !sameSecret(sent, cookie) || !sameSecret(sent, session.csrfToken)) {
    throw new DomainError('forbidden', `X-Crucible-CSRF does not match this session's ${CSRF_COOKIE} cookie: sign in again`);
  }
  assertOwnOrigin(req, publicUrl, true);
}
