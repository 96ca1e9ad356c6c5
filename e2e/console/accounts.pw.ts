import type { Browser, Page } from '@playwright/test';
import { expect, snapBothSizes, test } from './support/console-test';

// Accounts on real cookies (ARCHITECTURE §17), first of the suite: the stack's database is new, so its first-run
// link still works. Each test builds on the one before (the owner made by setup signs in again in the next).
test.describe.configure({ mode: 'serial' });

const OWNER = { email: 'ada.owner@example.com', name: 'Ada Owner', password: 'a long and correct password' };
const INVITEE = { email: 'grace.editor@example.com', name: 'Grace Editor', password: 'another long password' };
const TEAM = 'research and evaluation team with a long name';

async function signInWithPassword(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/ui/sign-in');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(who.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
}

async function openSettings(page: Page, name: string): Promise<void> {
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  if (!(await navigation.isVisible())) await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await navigation.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

async function switchProject(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^Project / }).click();
  await page.getByRole('menuitem', { name: new RegExp(name) }).click();
  await expect(page.getByRole('button', { name: `Project ${name}` })).toBeVisible();
}

/** A browser of its own: nothing of the first one's cookies or storage. */
async function freshPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('first-run setup: the link the api printed makes the owner of the default project, signed in by cookie', async ({ page, browser, stack, context }) => {
  await page.goto('/ui/setup');
  await expect(page.getByRole('alert')).toContainText('needs the one-time link');

  await page.goto(`/ui/setup?token=${encodeURIComponent(stack.setupToken)}`);
  await expect(page.getByRole('heading', { name: 'Set up Crucible' })).toBeVisible();
  await snapBothSizes(page, 'setup');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(OWNER.email);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(OWNER.name);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
  await expect(page.getByLabel('Signed in as')).toContainText(OWNER.name);
  await expect(page.getByLabel('Your role')).toHaveText('owner');
  await expect(page.getByRole('button', { name: 'Project default' })).toBeVisible();

  // The session is an HttpOnly cookie; nothing of it, and no key, in the page's storage.
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'crucible_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(cookies.find((cookie) => cookie.name === 'crucible_csrf')).toMatchObject({ httpOnly: false });
  expect(await page.evaluate(() => ({ ...window.localStorage, ...window.sessionStorage }))).not.toHaveProperty('crucible.apiKey');

  // The link is single use: a second visit says so in words.
  const again = await freshPage(browser, stack.apiUrl);
  await again.goto(`/ui/setup?token=${encodeURIComponent(stack.setupToken)}`);
  await again.getByRole('textbox', { name: 'Email', exact: true }).fill('someone.else@example.com');
  await again.getByRole('textbox', { name: 'Name', exact: true }).fill('Someone Else');
  await again.getByRole('textbox', { name: 'Password', exact: true }).fill('yet another long password');
  await again.getByRole('button', { name: 'Create account' }).click();
  await expect(again.getByRole('alert')).toHaveText('This setup link was used already: the first account exists, sign in instead');
  await again.context().close();
});

test('sign-in: a wrong password and throttling are told in words; the right one signs in', async ({ page, request }) => {
  await page.goto('/ui/sign-in');
  // The stack configures a local OpenID Connect provider, named "Example SSO" (CRUCIBLE_OIDC_NAME).
  await expect(page.getByRole('link', { name: 'Sign in with Example SSO' })).toHaveAttribute('href', '/auth/oidc/login');
  await snapBothSizes(page, 'sign-in');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(OWNER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('That email and password do not match an account. Check both and try again.');
  await snapBothSizes(page, 'sign-in-wrong-password');

  // Ten failed sign-ins for one email, then the eleventh is held off: the page says how long to wait.
  const throttled = 'nobody.here@example.com';
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const answer = await request.post('/auth/sign-in', { data: { email: throttled, password: 'wrong' } });
    expect(answer.status()).toBe(401);
  }
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(throttled);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong again');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/Too many failed sign-ins: wait (about \d+ minutes|\d+ seconds?), then try again\./);

  await signInWithPassword(page, OWNER);
  await expect(page.getByLabel('Signed in as')).toContainText(OWNER.name);
});

let inviteLink = '';

test('members: a new project, an invitation with its link, a refusal in words, a revoked invitation', async ({ page, browser, stack }) => {
  test.slow();
  await signInWithPassword(page, OWNER);
  await page.getByRole('button', { name: /^Project / }).click();
  await page.getByRole('menuitem', { name: 'New project…' }).click();
  await page.getByRole('dialog').getByLabel('Project name').fill(TEAM);
  await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('button', { name: `Project ${TEAM}` })).toBeVisible();
  await expect(page.getByLabel('Your role')).toHaveText('owner');

  await openSettings(page, 'Members');
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row')).toHaveCount(2); // header + the owner
  await expect(members).toContainText(`${OWNER.name} (you)`);
  await expect(page.getByText('No pending invitations')).toBeVisible();

  // The last owner cannot step down: the api's 409 is shown in words.
  await page.getByRole('combobox', { name: `Role of ${OWNER.name}` }).click();
  await page.getByRole('option', { name: /^admin/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not changed' })).toContainText(/owner/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: `Role of ${OWNER.name}` })).toHaveValue('owner');

  const invite = page.getByRole('region', { name: 'Invite a member' });
  await invite.getByRole('textbox', { name: 'Email', exact: true }).fill(INVITEE.email);
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /^editor/ }).click();
  await invite.getByRole('button', { name: 'Invite' }).click();
  const link = page.getByLabel('Invitation link');
  await expect(link).toContainText('/ui/invite?token=');
  inviteLink = (await link.textContent()) ?? '';
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toContainText(INVITEE.email);

  // A second invitation, revoked: its link then answers 410, told in words.
  await invite.getByRole('textbox', { name: 'Email', exact: true }).fill('changed.my.mind@example.com');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(link).not.toHaveText(inviteLink);
  const revokedLink = (await link.textContent()) ?? '';
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await expect(pending.getByRole('row')).toHaveCount(3);
  await snapBothSizes(page, 'members');
  await pending.getByRole('button', { name: 'Revoke the invitation for changed.my.mind@example.com' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(pending.getByRole('row')).toHaveCount(2);

  const stranger = await freshPage(browser, stack.apiUrl);
  await stranger.goto(revokedLink);
  await stranger.getByRole('textbox', { name: 'Name', exact: true }).fill('Changed Mind');
  await stranger.getByRole('textbox', { name: 'Password', exact: true }).fill('a password never used');
  await stranger.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(stranger.getByRole('alert')).toHaveText('This invitation was revoked: ask for a new one');
  await stranger.goto('/ui/invite?token=not-a-token-anyone-was-given');
  await stranger.getByRole('textbox', { name: 'Name', exact: true }).fill('Changed Mind');
  await stranger.getByRole('textbox', { name: 'Password', exact: true }).fill('a password never used');
  await stranger.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(stranger.getByRole('alert')).toHaveText('This invitation link is unknown: check that you copied all of it.');
  await stranger.context().close();
});

test('invite → accept in a second browser: the invitee sees only their project, with their role', async ({ page, browser, stack }) => {
  expect(inviteLink).toContain('/ui/invite?token=');
  const invitee = await freshPage(browser, stack.apiUrl);
  await invitee.goto(inviteLink);
  await expect(invitee.getByRole('heading', { name: 'Join a Crucible project' })).toBeVisible();
  await invitee.getByRole('textbox', { name: 'Name', exact: true }).fill(INVITEE.name);
  await invitee.getByRole('textbox', { name: 'Password', exact: true }).fill(INVITEE.password);
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(invitee.getByRole('heading', { name: 'Apps' })).toBeVisible();
  await expect(invitee.getByRole('button', { name: `Project ${TEAM}` })).toBeVisible();
  await expect(invitee.getByLabel('Your role')).toHaveText('editor');
  await invitee.getByRole('button', { name: `Project ${TEAM}` }).click();
  const theirProjects = invitee.getByRole('menuitem').filter({ hasNotText: 'New project' });
  await expect(theirProjects).toHaveCount(1);
  await expect(theirProjects).toContainText(TEAM);
  await invitee.keyboard.press('Escape');

  // An editor reads the members but manages nothing; the admin pages are not offered.
  const navigation = invitee.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'API keys' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await openSettings(invitee, 'Members');
  await expect(invitee.getByRole('table', { name: 'Members' })).toContainText(`${INVITEE.name} (you)`);
  await expect(invitee.getByRole('region', { name: 'Invite a member' })).toHaveCount(0);
  await expect(invitee.getByRole('button', { name: /^Remove / })).toHaveCount(0);

  // The owner sees them join, and makes them a viewer.
  await signInWithPassword(page, OWNER);
  await switchProject(page, TEAM);
  await openSettings(page, 'Members');
  await expect(page.getByRole('table', { name: 'Members' })).toContainText(INVITEE.email);
  await expect(page.getByText('No pending invitations')).toBeVisible();
  await page.getByRole('combobox', { name: `Role of ${INVITEE.name}` }).click();
  await page.getByRole('option', { name: /^viewer/ }).click();
  await expect(page.getByRole('combobox', { name: `Role of ${INVITEE.name}` })).toHaveValue('viewer');
  await invitee.reload();
  await expect(invitee.getByLabel('Your role')).toHaveText('viewer');
  await invitee.context().close();
});

test('API keys: create (shown once), list with prefix, role, creator and last use; revoke with confirm', async ({ page, request }) => {
  await signInWithPassword(page, OWNER);
  await openSettings(page, 'API keys');
  const form = page.getByRole('region', { name: 'New API key' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('nightly evaluation pipeline in CI');
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByLabel('The new key');
  await expect(shown).toContainText('crc_');
  const key = ((await shown.textContent()) ?? '').trim();
  await expect(page.getByText('it is shown this once and never again')).toBeVisible();

  const row = page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: /nightly evaluation pipeline/ });
  await expect(row).toContainText('editor');
  await expect(row).toContainText(OWNER.name);
  await expect(row).toContainText('never');
  await expect(row.getByRole('code')).toHaveText(/^crc_\S+$/); // the prefix: public, no part of the secret

  expect((await request.get('/apps', { headers: { authorization: `ApiKey ${key}` } })).status()).toBe(200);
  await page.reload();
  await expect(row).not.toContainText('never');
  await snapBothSizes(page, 'api-keys');

  await row.getByRole('button', { name: 'Revoke nightly evaluation pipeline in CI' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
  expect((await request.get('/apps', { headers: { authorization: `ApiKey ${key}` } })).status()).toBe(401);
});

test('audit log: who did what in words, filters, more pages on demand', async ({ page, request }) => {
  test.slow();
  await signInWithPassword(page, OWNER);
  // Enough changes for a second page (50 a page): apps made through a key the owner creates here.
  await openSettings(page, 'API keys');
  const form = page.getByRole('region', { name: 'New API key' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('bulk');
  await form.getByRole('button', { name: 'Create key' }).click();
  const key = ((await page.getByLabel('The new key').textContent()) ?? '').trim();
  for (let index = 0; index < 52; index += 1) {
    const made = await request.post('/apps', { headers: { authorization: `ApiKey ${key}` }, data: { app_name: `audited-${index}` } });
    expect(made.status()).toBe(200);
  }

  await openSettings(page, 'Audit log');
  const events = page.getByRole('table', { name: 'Audit events' });
  await expect(events.getByRole('row')).toHaveCount(51); // header + the first page
  await expect(events.getByRole('row').nth(1)).toContainText('app.create');
  await expect(events.getByRole('row').nth(1)).toContainText('bulk');
  await page.getByRole('button', { name: 'Load more events' }).click();
  await expect(events).toContainText('api_key.create');
  await expect(events.getByRole('row').filter({ hasText: 'api_key.create' }).first()).toContainText(OWNER.name);

  const filters = page.getByRole('form', { name: 'Audit log filters' });
  await filters.getByLabel('Action').fill('api_key.create');
  await filters.getByRole('button', { name: 'Filter' }).click();
  // header + the two keys the owner made in this project (the pipeline's in the test before, and bulk)
  await expect(events.getByRole('row')).toHaveCount(3);
  for (const row of await events.getByRole('row').filter({ hasText: 'api_key.create' }).all()) await expect(row).toContainText(OWNER.name);
  await snapBothSizes(page, 'audit-log');

  await filters.getByLabel('From').fill('2999-01-01T00:00');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No events match')).toBeVisible();
  await filters.getByRole('button', { name: 'Clear' }).click();
  await expect(events.getByRole('row').nth(1)).toContainText('app.create'); // everything again, newest first
  await expect(events).toContainText('api_key.revoke');
});

test('sign-out ends the session on the server: the old cookie replayed gets 401', async ({ page, context, request }) => {
  await signInWithPassword(page, OWNER);
  const session = (await context.cookies()).find((cookie) => cookie.name === 'crucible_session');
  expect(session).toBeDefined();
  const replay = () => request.get('/auth/me', { headers: { cookie: `crucible_session=${session?.value ?? ''}` } });
  expect((await replay()).status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/ui\/sign-in$/);
  expect((await replay()).status()).toBe(401);
  await page.goto('/ui/apps');
  await expect(page).toHaveURL(/\/ui\/sign-in$/);
});

test('single sign-on: the provider vouches for the owner\'s email, and the console opens on their account', async ({ browser, stack }) => {
  // The api's redirect URI names localhost (CRUCIBLE_PUBLIC_URL unset), so the whole round trip runs on that host.
  const page = await freshPage(browser, stack.apiUrl.replace('127.0.0.1', 'localhost'));
  await page.goto('/ui/sign-in');
  await page.getByRole('link', { name: 'Sign in with Example SSO' }).click();
  // The provider's own pages (oidc-provider's development login: any password for a known login, then consent).
  await page.locator('input[name="login"]').fill('ada-sso');
  await page.locator('input[name="password"]').fill('the provider checks this, not Crucible');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
  await expect(page.getByLabel('Signed in as')).toContainText(OWNER.name);
  await expect(page.getByLabel('Your role')).toHaveText('owner');
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'crucible_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  await page.context().close();
});
