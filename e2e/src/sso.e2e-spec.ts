import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type RunningApi, startApi } from './support/api-harness';
import { HttpClient } from './support/http-client';

const CLIENT = { clientId: 'crucible-sso-e2e', clientSecret: 'sso-e2e-client-secret-0123456789abcdef' };
const CALLBACK_PATH = '/auth/oidc/callback';
/** The provider's accounts: the login form names one, and the provider vouches for its claims. */
const ACCOUNTS = {
  ada: { email: 'Ada@Example.com', email_verified: true, name: 'Ada Lovelace' },
  bob: { email: 'bob@example.com', email_verified: false, name: 'Bob Unverified' },
  carol: { email: 'carol@example.com', email_verified: true, name: 'Carol Newcomer' },
  dan: { email: 'dan@example.com', email_verified: true, name: 'Dan Joiner' },
};
type AccountId = keyof typeof ACCOUNTS;

interface OidcProvider {
  issuer: string;
  stop(): Promise<void>;
}

/** e2e/fixtures/oidc-provider.js: oidc-provider is an ES module with a tree of them, so it runs as a script of its own. */
async function startOidcProvider(): Promise<OidcProvider> {
  const script = join(__dirname, '..', 'fixtures', 'oidc-provider.js');
  const child: ChildProcess = spawn(process.execPath, [script, JSON.stringify({ ...CLIENT, callbackPath: CALLBACK_PATH, accounts: ACCOUNTS })], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then(() => reject(new Error(`the OIDC provider did not start: ${errors}`)));
  });
  return {
    issuer: (JSON.parse(firstLine) as { issuer: string }).issuer,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What a browser keeps per site: cookies by name, set and cleared by each answer's Set-Cookie lines. */
class CookieJar {
  readonly cookies = new Map<string, string>();
  readonly lines: string[] = [];

  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      this.lines.push(line);
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))];
      if (/;\s*expires=Thu, 01 Jan 1970/i.test(line) || /;\s*max-age=0\b/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }
}

const visit = (url: URL | string, jar: CookieJar, init: RequestInit = {}) =>
  fetch(url, { ...init, redirect: 'manual', headers: { cookie: jar.header(), accept: 'text/html', ...(init.headers as Record<string, string>) } })
    .then((response) => {
      jar.keep(response);
      return response;
    });

interface AtCallback {
  /** Where the provider sent the browser back: the api's callback with code and state. */
  callback: URL;
  /** The api's cookies in this browser (the sealed sign-in attempt). */
  browser: CookieJar;
  /** The login redirect as the api answered it. */
  login: Response;
}

describe('single sign-on with OpenID Connect (a local oidc-provider, PGlite)', () => {
  let provider: OidcProvider;
  let server: RunningApi;
  let joining: RunningApi;

  const ssoEnv = () => ({ CRUCIBLE_OIDC_ISSUER: provider.issuer, CRUCIBLE_OIDC_CLIENT_ID: CLIENT.clientId, CRUCIBLE_OIDC_CLIENT_SECRET: CLIENT.clientSecret });

  /** A browser clicks "Sign in with SSO" and signs in at the provider as `account` (its login form, then its consent). */
  async function throughProvider(api: RunningApi, account: AccountId, { cancel = false } = {}): Promise<AtCallback> {
    const browser = new CookieJar();
    const login = await visit(`${api.baseUrl}/auth/oidc/login`, browser);
    expect(login.status).toBe(302);
    const atProvider = new CookieJar();
    let location = new URL(login.headers.get('location')!);
    for (let step = 0; step < 12 && location.pathname !== CALLBACK_PATH; step += 1) {
      let answer = await visit(location, atProvider);
      if (answer.status === 200 && cancel) {
        answer = await visit(new URL(`${location.pathname}/abort`, location), atProvider);
      } else if (answer.status === 200) {
        const page = await answer.text();
        const form: Record<string, string> = page.includes('name="login"') ? { prompt: 'login', login: account, password: 'any' } : { prompt: 'consent' };
        answer = await visit(location, atProvider, {
          method: 'POST', body: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      }
      expect([302, 303]).toContain(answer.status);
      location = new URL(answer.headers.get('location')!, location);
    }
    expect(location.pathname).toBe(CALLBACK_PATH);
    return { callback: location, browser, login };
  }

  /** The browser arrives at the api's callback (the redirect URI names localhost; the api listens on 127.0.0.1). */
  const arrive = (api: RunningApi, { callback, browser }: AtCallback, query = callback.search) =>
    visit(`${api.baseUrl}${callback.pathname}${query}`, browser);

  const me = (api: RunningApi, browser: CookieJar) => new HttpClient(api.baseUrl).request('GET', '/auth/me', undefined, { cookie: browser.header() });

  /** An account made the usual way: an invitation by the bootstrap key, accepted with a password. */
  async function makeAccount(api: RunningApi, email: string, role: string): Promise<void> {
    const { body: { project_id: projectId } } = await api.client.get('/projects/current');
    const invited = await api.client.post(`/projects/${projectId}/invitations`, { email, role });
    expect(invited.status).toBe(200);
    const token = new URL(invited.body.invite_url).searchParams.get('token');
    const accepted = await new HttpClient(api.baseUrl).request('POST', '/auth/accept-invitation', { token, name: email, password: 'a password of some length' }, { origin: api.baseUrl });
    expect(accepted.status).toBe(200);
  }

  beforeAll(async () => {
    provider = await startOidcProvider();
    server = await startApi('pglite', { env: ssoEnv() });
    await makeAccount(server, 'ada@example.com', 'editor');
    await makeAccount(server, 'bob@example.com', 'admin');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await joining?.close();
    await provider?.stop();
  });

  it('offers SSO on the sign-in page, and sends the browser to the provider with PKCE, state, nonce and the default redirect URI', async () => {
    expect(await server.client.get('/auth/providers')).toMatchObject({
      status: 200, body: { password: true, oidc: { enabled: true, name: new URL(provider.issuer).host } },
    });
    const browser = new CookieJar();
    const login = await visit(`${server.baseUrl}/auth/oidc/login`, browser);
    expect(login.status).toBe(302);
    const to = new URL(login.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: CLIENT.clientId, response_type: 'code', scope: 'openid email profile', code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/), state: expect.any(String), nonce: expect.any(String),
      redirect_uri: `http://localhost:${new URL(server.baseUrl).port}${CALLBACK_PATH}`,
    });
    const attempt = browser.lines.find((line) => line.startsWith('crucible_oidc='))!;
    expect(attempt).toMatch(/; Max-Age=600; Path=\/auth\/oidc; .*HttpOnly; SameSite=Lax/);
    expect(attempt).not.toContain(to.searchParams.get('state')!);
  });

  it('signs a verified address that has an account into it, with the same cookies as a password sign-in, and opens the console', async () => {
    const atCallback = await throughProvider(server, 'ada');
    const attempt = atCallback.browser.cookies.get('crucible_oidc')!;
    const arrived = await arrive(server, atCallback);
    expect(arrived.status).toBe(302);
    expect(arrived.headers.get('location')).toBe('/ui/');
    expect(atCallback.browser.cookies.get('crucible_session')).toHaveLength(43);
    expect(atCallback.browser.cookies.get('crucible_csrf')).toBeTruthy();
    expect(atCallback.browser.cookies.has('crucible_oidc')).toBe(false);
    expect(await me(server, atCallback.browser)).toMatchObject({
      status: 200, body: { user: { email: 'ada@example.com', name: 'ada@example.com' }, projects: [{ name: 'default', role: 'editor' }] },
    });
    // The code works once: the same callback with the same attempt cookie again gets no session.
    const again = new CookieJar();
    again.cookies.set('crucible_oidc', attempt);
    const replayed = await arrive(server, { ...atCallback, browser: again });
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toContain('refused the code');
    expect(again.cookies.has('crucible_session')).toBe(false);
  });

  it('never signs in an unverified address, even one that has an account: a page says why (403)', async () => {
    const atCallback = await throughProvider(server, 'bob');
    const refused = await arrive(server, atCallback);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await refused.text()).toContain('has not verified the address bob@example.com');
    expect(atCallback.browser.cookies.has('crucible_session')).toBe(false);
  });

  it('refuses an unknown verified address (403), and lets it in once an invitation for it is pending, accepting it', async () => {
    const first = await throughProvider(server, 'carol');
    const refused = await visit(`${server.baseUrl}${first.callback.pathname}${first.callback.search}`, first.browser, { headers: { accept: 'application/json' } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: expect.stringMatching(/carol@example.com has no Crucible account and no pending invitation/) });

    const { body: { project_id: projectId } } = await server.client.get('/projects/current');
    const invited = await server.client.post(`/projects/${projectId}/invitations`, { email: 'carol@example.com', role: 'viewer' });
    expect(invited.status).toBe(200);
    const second = await throughProvider(server, 'carol');
    expect((await arrive(server, second)).status).toBe(302);
    expect(await me(server, second.browser)).toMatchObject({
      body: { user: { email: 'carol@example.com', name: 'Carol Newcomer' }, projects: [{ name: 'default', role: 'viewer' }] },
    });
    // Accepted, so no longer pending.
    const pending = await server.client.get(`/projects/${projectId}/invitations`);
    expect(pending.status).toBe(200);
    expect(JSON.stringify(pending.body)).not.toContain('carol@example.com');
  });

  it('answers 400 to a callback whose state was changed or that this browser did not start, signing nobody in', async () => {
    const atCallback = await throughProvider(server, 'ada');
    const query = new URLSearchParams(atCallback.callback.search);
    query.set('state', `${query.get('state')}x`);
    const tampered = await arrive(server, atCallback, `?${query.toString()}`);
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('does not match the sign-in this browser started');
    expect(atCallback.browser.cookies.has('crucible_session')).toBe(false);

    const again = await throughProvider(server, 'ada');
    const withoutCode = await arrive(server, again, `?${new URLSearchParams({ state: new URLSearchParams(again.callback.search).get('state')! }).toString()}`);
    expect(withoutCode.status).toBe(400);
    expect(await withoutCode.text()).toContain('sent no authorization code');

    const elsewhere = await throughProvider(server, 'ada');
    const withoutCookie = await arrive(server, { ...elsewhere, browser: new CookieJar() });
    expect(withoutCookie.status).toBe(400);
    expect(await withoutCookie.text()).toContain('has no single sign-on under way');
    const forged = new CookieJar();
    const sealed = elsewhere.browser.cookies.get('crucible_oidc')!;
    forged.cookies.set('crucible_oidc', `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`);
    const forgedAnswer = await arrive(server, { ...elsewhere, browser: forged });
    expect(forgedAnswer.status).toBe(400);
    expect(await forgedAnswer.text()).toContain('its cookie was changed');
  });

  it('says so when the person cancels at the provider (403), signing nobody in', async () => {
    const atCallback = await throughProvider(server, 'ada', { cancel: true });
    expect(atCallback.callback.searchParams.get('error')).toBe('access_denied');
    const cancelled = await arrive(server, atCallback);
    expect(cancelled.status).toBe(403);
    expect(await cancelled.text()).toContain('the identity provider did not sign you in (access_denied');
    expect(atCallback.browser.cookies.has('crucible_session')).toBe(false);
  });

  it('lets an unknown verified address join the default project when CRUCIBLE_OIDC_AUTO_JOIN_ROLE is set', async () => {
    joining = await startApi('pglite', { env: { ...ssoEnv(), CRUCIBLE_OIDC_AUTO_JOIN_ROLE: 'annotator', CRUCIBLE_OIDC_NAME: 'Example SSO' } });
    expect((await joining.client.get('/auth/providers')).body).toEqual({ password: true, oidc: { enabled: true, name: 'Example SSO' } });
    const atCallback = await throughProvider(joining, 'dan');
    expect((await arrive(joining, atCallback)).status).toBe(302);
    expect(await me(joining, atCallback.browser)).toMatchObject({
      status: 200, body: { user: { email: 'dan@example.com', name: 'Dan Joiner' }, projects: [{ name: 'default', role: 'annotator' }] },
    });
    // An unverified address stays out all the same.
    const unverified = await throughProvider(joining, 'bob');
    expect((await arrive(joining, unverified)).status).toBe(403);
  }, 60_000);
});
