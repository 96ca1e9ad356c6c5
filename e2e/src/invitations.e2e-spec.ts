import { DataSource } from 'typeorm';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { HttpClient } from './support/http-client';
import { type BrowserCookies, cookieHeader, cookiesOf } from './support/browser-cookies';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

describe.each<Engine>(['pglite', 'postgres'])('invitations and members on %s', (engine) => {
  let server: RunningApi;
  let sink: SmtpSink;
  let anonymous: HttpClient;
  let owner: BrowserCookies;
  let ownerId: string;
  let projectId: string;
  let printed = '';

  /** A request as a browser with these cookies, from the api's own page, with the CSRF header for changes. */
  const asBrowser = (browser: BrowserCookies, method: string, path: string, body?: unknown) =>
    anonymous.request(method, path, body, {
      cookie: cookieHeader(browser), origin: server.baseUrl, 'x-crucible-csrf': browser.cookies['crucible_csrf'] ?? '',
    });
  const invite = (email: string, role: string) => server.client.post(`/projects/${projectId}/invitations`, { email, role });
  const tokenOf = (inviteUrl: string) => new URL(inviteUrl).searchParams.get('token')!;
  const accept = (body: Record<string, unknown>) => anonymous.request('POST', '/auth/accept-invitation', body, { origin: server.baseUrl });
  const moveExpiry = (invitationId: string, to: Date) =>
    server.app.get(DataSource).query('UPDATE invitations SET expires_at = $1 WHERE id = $2', [to, invitationId]);

  beforeAll(async () => {
    sink = await startSmtpSink();
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
    try {
      server = await startApi(engine, { env: { CRUCIBLE_SMTP_URL: sink.url('mailer:secret'), CRUCIBLE_SMTP_FROM: 'Crucible <crucible@example.com>' } });
    } finally {
      write.mockRestore();
    }
    anonymous = new HttpClient(server.baseUrl);
    const token = decodeURIComponent(/\/ui\/setup\?token=([\w%-]+)/.exec(printed)![1]!);
    const setUp = await anonymous.request('POST', '/auth/setup', { token, email: 'olga@example.com', name: 'Olga', password: 'owner password' }, { origin: server.baseUrl });
    expect(setUp.status).toBe(200);
    owner = cookiesOf(setUp);
    ownerId = setUp.body.user.id;
    projectId = setUp.body.project.id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('invites by mail and link; the link makes the account once, and its person sees only that project with that role', async () => {
    const before = Date.now();
    const invited = await asBrowser(owner, 'POST', `/projects/${projectId}/invitations`, { email: 'Newcomer@Example.com', role: 'editor' });
    expect(invited).toMatchObject({ status: 200, body: { id: expect.any(String), email: 'newcomer@example.com', role: 'editor', mailed: true } });
    const { invite_url: inviteUrl, expires_at: expiresAt } = invited.body;
    expect(inviteUrl).toMatch(new RegExp(`^${server.baseUrl}/ui/invite\\?token=[\\w-]{43}$`));
    expect(Date.parse(expiresAt) - before).toBeGreaterThanOrEqual(WEEK_MS);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(WEEK_MS);

    const mail = sink.mails.find((m) => m.to.includes('newcomer@example.com'))!;
    expect(mail).toMatchObject({ from: 'crucible@example.com', user: 'mailer', subject: 'You are invited to the Crucible project "default"' });
    expect(mail.text).toContain(inviteUrl);
    expect(mail.text).toContain('Olga invited you');

    const listed = await server.client.get(`/projects/${projectId}/invitations`);
    expect(listed.body).toEqual([expect.objectContaining({ id: invited.body.id, email: 'newcomer@example.com', role: 'editor', expires_at: expiresAt })]);
    expect(listed.body[0]).not.toHaveProperty('invite_url');

    const token = tokenOf(inviteUrl);
    const nameless = await accept({ token, password: 'a long password' });
    expect(nameless).toMatchObject({ status: 422, body: { detail: [expect.objectContaining({ loc: ['body', 'name'] })] } });
    const short = await accept({ token, name: 'Nina', password: 'too short' });
    expect(short).toMatchObject({ status: 422, body: { detail: [expect.objectContaining({ loc: ['body', 'password'], msg: expect.stringMatching(/at least 10/) })] } });

    const accepted = await accept({ token, name: 'Nina', password: 'a long password' });
    expect(accepted).toMatchObject({ status: 200, body: { user: { email: 'newcomer@example.com', name: 'Nina' }, project: { id: projectId, name: 'default', role: 'editor' } } });
    const acceptedBrowser = cookiesOf(accepted);
    expect(acceptedBrowser.setCookies.find((line) => line.startsWith('crucible_session='))).toMatch(/HttpOnly/);
    expect((await asBrowser(acceptedBrowser, 'GET', '/auth/me')).body.user.email).toBe('newcomer@example.com');

    expect(await accept({ token, name: 'Nina', password: 'a long password' }))
      .toMatchObject({ status: 410, body: { detail: expect.stringMatching(/^this invitation was already used/) } });
    expect((await server.client.get(`/projects/${projectId}/invitations`)).body).toEqual([]);

    // Another project exists; the newcomer is in none but theirs.
    expect((await asBrowser(owner, 'POST', '/projects', { name: 'elsewhere' })).status).toBe(200);
    const signIn = await anonymous.request('POST', '/auth/sign-in', { email: 'newcomer@example.com', password: 'a long password' }, { origin: server.baseUrl });
    expect(signIn.status).toBe(200);
    const me = await asBrowser(cookiesOf(signIn), 'GET', '/auth/me');
    expect(me.body.projects).toEqual([expect.objectContaining({ id: projectId, name: 'default', role: 'editor' })]);
  });

  it('lets an existing account join with its own session or password, never from the link alone', async () => {
    const team = await asBrowser(owner, 'POST', '/projects', { name: 'team two' });
    const invited = await asBrowser(owner, 'POST', `/projects/${team.body.id}/invitations`, { email: 'newcomer@example.com', role: 'viewer' });
    expect(invited).toMatchObject({ status: 200, body: { role: 'viewer' } });
    const token = tokenOf(invited.body.invite_url);
    expect(await accept({ token })).toMatchObject({ status: 401, body: { detail: expect.stringMatching(/has an account already: sign in as newcomer@example.com first/) } });
    expect(await accept({ token, password: 'the inviter guessing' })).toMatchObject({ status: 401, body: { detail: expect.stringMatching(/^wrong password/) } });
    // Someone else's session is not the invitee's.
    expect(await asBrowser(owner, 'POST', '/auth/accept-invitation', { token })).toMatchObject({ status: 401 });

    const nina = cookiesOf(await anonymous.request('POST', '/auth/sign-in', { email: 'newcomer@example.com', password: 'a long password' }, { origin: server.baseUrl }));
    const joined = await asBrowser(nina, 'POST', '/auth/accept-invitation', { token });
    expect(joined).toMatchObject({ status: 200, body: { user: { email: 'newcomer@example.com', name: 'Nina' }, project: { id: team.body.id, name: 'team two', role: 'viewer' } } });
    const me = await asBrowser(cookiesOf(joined), 'GET', '/auth/me');
    expect(me.body.projects.map((p: { name: string; role: string }) => [p.name, p.role])).toEqual([['default', 'editor'], ['team two', 'viewer']]);
  });

  it('answers revoked and expired links 410 in words, and an unknown one 404', async () => {
    const revoked = await invite('revoked@example.com', 'viewer');
    expect(revoked.status).toBe(200);
    expect((await server.client.delete(`/projects/${projectId}/invitations/${revoked.body.id}`)).status).toBe(204);
    expect((await server.client.delete(`/projects/${projectId}/invitations/${revoked.body.id}`)).status).toBe(404);
    expect(await accept({ token: tokenOf(revoked.body.invite_url), name: 'Rev', password: 'a long password' }))
      .toMatchObject({ status: 410, body: { detail: 'this invitation was revoked: ask for a new one' } });

    const expiring = await invite('late@example.com', 'viewer');
    const expiredAt = new Date(Date.now() - 60_000);
    await moveExpiry(expiring.body.id, expiredAt);
    expect(await accept({ token: tokenOf(expiring.body.invite_url), name: 'Late', password: 'a long password' }))
      .toMatchObject({ status: 410, body: { detail: `this invitation expired on ${expiredAt.toISOString()}: ask for a new one` } });
    expect((await server.client.get(`/projects/${projectId}/invitations`)).body).toEqual([]);
    // The address may be invited again once its invitation is gone.
    expect((await invite('late@example.com', 'viewer')).status).toBe(200);
    expect(await invite('late@example.com', 'viewer')).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/pending invitation/) } });

    expect(await accept({ token: 'x'.repeat(43), name: 'Who', password: 'a long password' })).toMatchObject({ status: 404, body: { detail: expect.stringMatching(/unknown invitation/) } });
    expect(await invite('olga@example.com', 'viewer')).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/member of this project already/) } });
    expect(await invite('not an address', 'viewer')).toMatchObject({ status: 422 });
    expect(await invite('someone@example.com', 'owner')).toMatchObject({ status: 403, body: { detail: expect.stringMatching(/only an owner may invite or make owners/) } });
  });

  it('keeps the invitation when the mail server is down, saying it was not mailed', async () => {
    const down = await startSmtpSink();
    await down.close();
    const closedServer = await startApi(engine, { env: { CRUCIBLE_SMTP_URL: down.url() } });
    try {
      const currentProject = (await closedServer.client.get('/projects/current')).body.project_id;
      const invited = await closedServer.client.post(`/projects/${currentProject}/invitations`, { email: 'unmailed@example.com', role: 'viewer' });
      expect(invited).toMatchObject({ status: 200, body: { mailed: false, invite_url: expect.stringContaining('/ui/invite?token=') } });
      expect((await closedServer.client.get(`/projects/${currentProject}/invitations`)).body).toEqual([expect.objectContaining({ id: invited.body.id })]);
    } finally {
      await closedServer.close();
    }
  });

  it('serves the project while the mail server is slow to take an invitation\'s mail, then says it was mailed', async () => {
    const slow = sink.hold();
    const inviting = invite('patient@example.com', 'viewer');
    await slow.received;
    // The invitation has committed before its mail went: reads see it and writes go on (on PGlite, the one connection is free).
    expect(await server.client.get(`/projects/${projectId}/invitations`))
      .toMatchObject({ status: 200, body: expect.arrayContaining([expect.objectContaining({ email: 'patient@example.com' })]) });
    expect(await server.client.post('/apps', { app_name: 'written-while-mailing' })).toMatchObject({ status: 200 });
    slow.release();
    expect(await inviting).toMatchObject({ status: 200, body: { email: 'patient@example.com', mailed: true } });
    expect(sink.mails.map((mail) => mail.to)).toContainEqual(['patient@example.com']);
  });

  it('lists members with paging, changes roles, and never loses the last owner', async () => {
    const page = await server.client.get(`/projects/${projectId}/members?limit=1`);
    expect(page.body).toEqual([{ user_id: ownerId, email: 'olga@example.com', name: 'Olga', role: 'owner', joined_at: expect.any(String) }]);
    const next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')![1]!;
    const rest = await server.client.get(next);
    expect(rest.body).toEqual([expect.objectContaining({ email: 'newcomer@example.com', role: 'editor' })]);
    const newcomerId = rest.body[0].user_id;

    expect(await server.client.request('PATCH', `/projects/${projectId}/members/${newcomerId}`, { role: 'viewer' }))
      .toMatchObject({ status: 200, body: { user_id: newcomerId, role: 'viewer', email: 'newcomer@example.com' } });
    // An admin key neither makes nor unmakes owners.
    expect(await server.client.request('PATCH', `/projects/${projectId}/members/${newcomerId}`, { role: 'owner' })).toMatchObject({ status: 403 });
    expect(await server.client.delete(`/projects/${projectId}/members/${ownerId}`)).toMatchObject({ status: 403 });

    expect(await asBrowser(owner, 'DELETE', `/projects/${projectId}/members/${ownerId}`))
      .toMatchObject({ status: 409, body: { detail: expect.stringMatching(/last owner/) } });
    expect(await asBrowser(owner, 'PATCH', `/projects/${projectId}/members/${ownerId}`, { role: 'admin' }))
      .toMatchObject({ status: 409, body: { detail: expect.stringMatching(/last owner/) } });
    expect((await asBrowser(owner, 'PATCH', `/projects/${projectId}/members/${newcomerId}`, { role: 'owner' })).body.role).toBe('owner');
    expect((await asBrowser(owner, 'PATCH', `/projects/${projectId}/members/${ownerId}`, { role: 'admin' })).body.role).toBe('admin');
    expect(await server.client.request('PATCH', `/projects/${projectId}/members/${newcomerId}`, { role: 'superuser' })).toMatchObject({ status: 422 });

    expect((await server.client.delete(`/projects/${projectId}/members/${ownerId}`)).status).toBe(204);
    expect((await server.client.delete(`/projects/${projectId}/members/${ownerId}`)).status).toBe(404);
    expect((await server.client.get(`/projects/${projectId}/members`)).body.map((m: { email: string }) => m.email)).toEqual(['newcomer@example.com']);
  });

  it('answers another project\'s members and invitations 404, like the API keys routes', async () => {
    const other = await server.client.post('/projects', { name: 'not yours' });
    const otherId = other.body.project_id;
    expect((await server.client.get(`/projects/${otherId}/members`)).status).toBe(404);
    expect((await server.client.get(`/projects/${otherId}/invitations`)).status).toBe(404);
    expect((await server.client.post(`/projects/${otherId}/invitations`, { email: 'x@example.com', role: 'viewer' })).status).toBe(404);
    expect((await server.client.get('/projects/not-a-uuid/members')).status).toBe(404);
  });
});
