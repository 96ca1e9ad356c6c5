import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { HttpClient, type HttpResponse } from './support/http-client';
import { type BrowserCookies, cookieHeader, cookiesOf } from './support/browser-cookies';


describe.each<Engine>(['pglite', 'postgres'])('accounts and sessions on %s', (engine) => {
  let server: RunningApi;
  let anonymous: HttpClient;
  let printed = '';
  const owner = { email: 'Owner@Example.com', name: 'Olga Owner', password: 'correct horse battery' };

  /** A request as a browser with these cookies, from the api's own page unless told otherwise. */
  const asBrowser = (browser: BrowserCookies, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    anonymous.request(method, path, body, { cookie: cookieHeader(browser), origin: server.baseUrl, ...headers });
  const change = (browser: BrowserCookies, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    asBrowser(browser, method, path, body, { 'x-crucible-csrf': browser.cookies['crucible_csrf'] ?? '', ...headers });
  const signIn = (email: string, password: string) => anonymous.post('/auth/sign-in', { email, password });

  beforeAll(async () => {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
    try {
      server = await startApi(engine);
    } finally {
      write.mockRestore();
    }
    anonymous = new HttpClient(server.baseUrl);
  }, 60_000);
  afterAll(() => server?.close());

  it('prints a first-run link on an empty database that makes its user owner of the default project, once', async () => {
    const port = new URL(server.baseUrl).port;
    const link = new RegExp(`http://localhost:${port}/ui/setup\\?token=([\\w-]+)`).exec(printed);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    expect(await anonymous.post('/auth/setup', { ...owner, token: 'not-a-printed-token' })).toMatchObject({ status: 404, body: { detail: expect.stringMatching(/unknown setup link/) } });
    const setUp = await anonymous.post('/auth/setup', { ...owner, token });
    expect(setUp.status).toBe(200);
    expect(setUp.body).toMatchObject({ user: { email: 'owner@example.com', name: 'Olga Owner' }, project: { name: 'default', role: 'owner' } });
    const browser = cookiesOf(setUp);
    expect(browser.cookies['crucible_session']).toBeTruthy();
    expect((await asBrowser(browser, 'GET', '/auth/me')).body).toMatchObject({ projects: [{ name: 'default', role: 'owner' }] });

    expect(await anonymous.post('/auth/setup', { ...owner, email: 'second@example.com', token })).toMatchObject({ status: 410, body: { detail: expect.stringMatching(/used already/) } });
    // The bootstrap key keeps working beside the accounts.
    expect((await server.client.get('/projects/current')).status).toBe(200);
  });

  it('signs in with session and CSRF cookies of the right kind, a new session each time, and answers me', async () => {
    const first = await signIn('  OWNER@example.com ', owner.password);
    expect(first).toMatchObject({ status: 200, body: { user: { email: 'owner@example.com', name: 'Olga Owner' } } });
    const browser = cookiesOf(first);
    const session = browser.setCookies.find((line) => line.startsWith('crucible_session='))!;
    const csrf = browser.setCookies.find((line) => line.startsWith('crucible_csrf='))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).toMatch(/; Max-Age=1209600/);
    expect(session).not.toMatch(/; Secure/); // plain http, and no https CRUCIBLE_PUBLIC_URL
    expect(browser.cookies['crucible_session']).toHaveLength(43); // 256 bits, base64url
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(csrf).toMatch(/; SameSite=Lax/);

    const again = cookiesOf(await signIn(owner.email, owner.password));
    expect(again.cookies['crucible_session']).not.toBe(browser.cookies['crucible_session']);

    const me = await asBrowser(browser, 'GET', '/auth/me');
    expect(me).toMatchObject({ status: 200, body: { user: { email: 'owner@example.com' }, projects: [{ name: 'default', role: 'owner' }] } });
    expect((await anonymous.get('/auth/me')).status).toBe(401);
  });

  it('answers a wrong password and an unknown email alike, and throttles the eleventh failure for an email', async () => {
    const wrong = await signIn(owner.email, 'not the password');
    const unknown = await signIn('nobody@example.com', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ detail: expect.any(String) });

    for (let attempt = 1; attempt < 10; attempt += 1) expect((await signIn('nobody@example.com', `guess ${attempt}`)).status).toBe(401);
    const throttled = await signIn('nobody@example.com', 'guess 11');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(throttled.body).toEqual(wrong.body);
    // Another email is not throttled by it.
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });

  it('ends the session on the server at sign-out: the old cookie replayed is refused', async () => {
    const browser = cookiesOf(await signIn(owner.email, owner.password));
    expect((await asBrowser(browser, 'GET', '/auth/me')).status).toBe(200);
    const out = await change(browser, 'POST', '/auth/sign-out');
    expect(out).toMatchObject({ status: 200, body: { signed_out: true } });
    expect(out.headers.getSetCookie().some((line) => line.startsWith('crucible_session=;'))).toBe(true);
    expect(await asBrowser(browser, 'GET', '/auth/me')).toMatchObject({ status: 401, body: { detail: expect.stringMatching(/sign in again/) } });
    expect((await change(browser, 'POST', '/projects', { name: 'after sign-out' })).status).toBe(401);
  });

  it('refuses a cookie change without the CSRF header or from another origin, and makes the creator owner', async () => {
    const browser = cookiesOf(await signIn(owner.email, owner.password));
    const csrfLess = await asBrowser(browser, 'POST', '/projects', { name: 'csrf-less' });
    expect(csrfLess).toMatchObject({ status: 403, body: { detail: expect.stringMatching(/X-Crucible-CSRF/) } });
    const wrongToken = await asBrowser(browser, 'POST', '/projects', { name: 'forged' }, { 'x-crucible-csrf': 'guessed' });
    expect(wrongToken.status).toBe(403);
    const foreign = await change(browser, 'POST', '/projects', { name: 'cross-site' }, { origin: 'https://evil.example' });
    expect(foreign).toMatchObject({ status: 403, body: { detail: expect.stringMatching(/Origin/) } });
    const noOrigin = await anonymous.request('POST', '/projects', { name: 'no origin' }, {
      cookie: cookieHeader(browser), 'x-crucible-csrf': browser.cookies['crucible_csrf']!,
    });
    expect(noOrigin.status).toBe(403);
    const signOutCsrfLess = await asBrowser(browser, 'POST', '/auth/sign-out');
    expect(signOutCsrfLess.status).toBe(403);
    expect((await asBrowser(browser, 'GET', '/auth/me')).status).toBe(200);
    expect((await anonymous.request('POST', '/auth/sign-in', { ...owner }, { origin: 'https://evil.example' })).status).toBe(403);

    const created = await change(browser, 'POST', '/projects', { name: 'people' });
    expect(created).toMatchObject({ status: 200, body: { name: 'people', role: 'owner' } });
    expect(created.body).not.toHaveProperty('api_key');
    const projects = await asBrowser(browser, 'GET', '/projects');
    expect(projects.body).toEqual([
      expect.objectContaining({ name: 'default', role: 'owner' }), expect.objectContaining({ id: created.body.id, name: 'people', role: 'owner' }),
    ]);
    const inPeople = await asBrowser(browser, 'GET', '/projects/current', undefined, { 'x-crucible-project': created.body.id });
    expect(inPeople.body).toMatchObject({ project_id: created.body.id, name: 'people' });
  });

  it('writes a wrong password in the audit log of every project of the account, and nothing for an unknown email', async () => {
    const browser = cookiesOf(await signIn(owner.email, owner.password));
    const projects = (await asBrowser(browser, 'GET', '/projects')).body as Array<{ id: string; name: string }>;
    expect(projects.map((p) => p.name)).toEqual(['default', 'people']);
    const since = new Date().toISOString();
    expect((await signIn(owner.email, 'still not the password')).status).toBe(401);
    expect((await signIn('stranger@example.com', 'not the password')).status).toBe(401);
    for (const project of projects) {
      const events = await asBrowser(browser, 'GET', `/audit-events?from=${encodeURIComponent(since)}`, undefined, { 'x-crucible-project': project.id });
      expect({ project: project.name, events: events.body }).toEqual({
        project: project.name,
        events: [expect.objectContaining({
          project_id: project.id, action: 'auth.sign_in_failed', resource_type: 'user', actor: expect.objectContaining({ type: 'user', name: 'Olga Owner' }),
          summary: expect.stringMatching(/^failed sign-in as "owner@example.com" from .*127\.0\.0\.1/),
        })],
      });
    }
  });

  it('keeps API keys working without CSRF, and keeps a person out of projects they are not a member of', async () => {
    const byKey = await server.client.post('/projects', { name: 'scripts only' });
    expect(byKey).toMatchObject({ status: 200, body: { name: 'scripts only', role: 'admin', project_id: byKey.body.id, api_key: { role: 'admin' } } });
    expect((await server.client.get('/projects')).body).toEqual([expect.objectContaining({ name: 'default', role: 'admin' })]);

    const browser = cookiesOf(await signIn(owner.email, owner.password));
    const elsewhere = { 'x-crucible-project': byKey.body.id };
    expect(await asBrowser(browser, 'GET', '/projects/current', undefined, elsewhere)).toMatchObject({ status: 404, body: { detail: expect.any(String) } });
    expect((await asBrowser(browser, 'GET', `/projects/${byKey.body.id}/api-keys`)).status).toBe(404);
    expect((await change(browser, 'POST', '/apps', { app_name: 'sneaky' }, elsewhere)).status).toBe(404);
    expect((await asBrowser(browser, 'GET', '/projects/current', undefined, { 'x-crucible-project': 'not-a-uuid' })).status).toBe(404);
    // An API key wins over a cookie sent with it: no CSRF asked, the key's project acted on.
    const both = await anonymous.request('POST', '/projects', { name: 'key wins' }, { cookie: cookieHeader(browser), authorization: `ApiKey ${server.apiKey}` });
    expect(both).toMatchObject({ status: 200, body: { role: 'admin', api_key: expect.objectContaining({ role: 'admin' }) } });
  });

  // Last: it spends this address's sign-in requests for the minute.
  it('offers passwords only when single sign-on is not configured, and its routes answer 404 saying what to set', async () => {
    expect(await anonymous.get('/auth/providers')).toMatchObject({ status: 200, body: { password: true, oidc: { enabled: false } } });
    for (const path of ['/auth/oidc/login', '/auth/oidc/callback?code=c&state=s']) {
      expect(await anonymous.get(path)).toMatchObject({ status: 404, body: { detail: expect.stringMatching(/single sign-on is not configured.*CRUCIBLE_OIDC_ISSUER/) } });
    }
  });

  it('limits sign-in requests per address, answering like a refused sign-in', async () => {
    const refused = await signIn('someone@example.com', 'not the password');
    let throttled: HttpResponse | undefined;
    // Fifty a minute; earlier tests spent some. Each attempt names another email, so only the address limit applies.
    for (let attempt = 0; attempt < 51 && !throttled; attempt += 1) {
      const answer = await signIn(`flood-${attempt}@example.com`, 'not the password');
      if (answer.status === 429) throttled = answer;
      else expect(answer.status).toBe(401);
    }
    expect(throttled).toBeDefined();
    expect(Number(throttled!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(throttled!.body).toEqual(refused.body);
  });
});

// The edge's reading of CRUCIBLE_PUBLIC_URL: one engine is enough, the database plays no part in it.
describe('accounts behind a public https address', () => {
  const PUBLIC_URL = 'https://crucible.example.com';
  let server: RunningApi;
  let printed = '';
  let anonymous: HttpClient;

  beforeAll(async () => {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
    process.env['CRUCIBLE_PUBLIC_URL'] = PUBLIC_URL;
    try {
      server = await startApi('pglite');
    } finally {
      delete process.env['CRUCIBLE_PUBLIC_URL'];
      write.mockRestore();
    }
    anonymous = new HttpClient(server.baseUrl);
  }, 60_000);
  afterAll(() => server?.close());

  it('prints the setup link at the public address, marks the cookies Secure and takes only its Origin', async () => {
    const token = new RegExp(`${PUBLIC_URL}/ui/setup\\?token=([\\w-]+)`).exec(printed)?.[1];
    expect(token).toBeDefined();
    const person = { email: 'ops@example.com', name: 'Ops', password: 'a good long password' };
    expect((await anonymous.request('POST', '/auth/setup', { ...person, token }, { origin: server.baseUrl })).status).toBe(403);
    const setUp = await anonymous.request('POST', '/auth/setup', { ...person, token }, { origin: PUBLIC_URL });
    expect(setUp.status).toBe(200);
    const browser = cookiesOf(setUp);
    expect(browser.setCookies.every((line) => /; Secure/.test(line))).toBe(true);

    const headers = { cookie: cookieHeader(browser), 'x-crucible-csrf': browser.cookies['crucible_csrf']! };
    expect((await anonymous.request('POST', '/projects', { name: 'local origin' }, { ...headers, origin: server.baseUrl })).status).toBe(403);
    expect(await anonymous.request('POST', '/projects', { name: 'public origin' }, { ...headers, origin: PUBLIC_URL }))
      .toMatchObject({ status: 200, body: { name: 'public origin', role: 'owner' } });
  });
});
