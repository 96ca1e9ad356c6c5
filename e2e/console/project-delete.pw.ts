import type { Page } from '@playwright/test';
import { expect, snapBothSizes, test } from './support/console-test';

// Issue 40: an owner deletes a project from Settings → Project. Everything here happens in projects this file makes
// (the default project and the other specs' projects are left alone): Dora joins one as an admin, makes two of her
// own, and deletes them, the last one leaving her with no project.
test.describe.configure({ mode: 'serial' });

const DORA = { email: 'dora.deleter@example.com', name: 'Dora Deleter', password: 'a long password of dora' };
const LAB_ONE = 'dora lab one';
const LAB_TWO = 'dora lab two with a rather long name for a phone';

/** A project made with the stack's admin key, and that project's own admin key (the answer shows it once). */
async function keyedProject(apiUrl: string, apiKey: string, name: string) {
  const made = await fetch(`${apiUrl}/projects`, {
    method: 'POST', headers: { authorization: `ApiKey ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ name }),
  });
  const body = await made.json() as { id: string; api_key: { key: string } };
  if (!made.ok) throw new Error(`POST /projects answered ${made.status}`);
  const call = async (method: string, path: string, data?: unknown) => {
    const response = await fetch(`${apiUrl}${path}`, {
      method, headers: { authorization: `ApiKey ${body.api_key.key}`, 'content-type': 'application/json' }, body: data === undefined ? undefined : JSON.stringify(data),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.status === 204 ? undefined : response.json() as Promise<Record<string, unknown>>;
  };
  return { id: body.id, call };
}

async function openProjectSettings(page: Page): Promise<void> {
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  if (!(await navigation.isVisible())) await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await navigation.getByRole('link', { name: 'Project', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Project', level: 2 })).toBeVisible();
}

async function createProject(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^Project / }).click();
  await page.getByRole('menuitem', { name: 'New project…' }).click();
  await page.getByRole('dialog').getByLabel('Project name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('button', { name: `Project ${name}` })).toBeVisible();
}

/** Opens the danger zone's dialog and deletes the current project by typing its name. */
async function deleteCurrentProject(page: Page, name: string, snapshot?: string): Promise<void> {
  await openProjectSettings(page);
  await page.getByRole('region', { name: 'Danger zone' }).getByRole('button', { name: 'Delete project' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  const confirm = dialog.getByRole('button', { name: 'Delete this project' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Project name' }).fill(`${name} (not quite)`);
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Project name' }).fill(name);
  await expect(confirm).toBeEnabled();
  if (snapshot) await snapBothSizes(page, snapshot);
  await confirm.click();
}

let joined: Awaited<ReturnType<typeof keyedProject>>;
let doraId = '';

test('an admin sees the project settings without the danger zone; an owner of a project she made sees it', async ({ page, stack }) => {
  joined = await keyedProject(stack.apiUrl, stack.apiKey, 'dora joined as admin');
  const invited = await joined.call('POST', `/projects/${joined.id}/invitations`, { email: DORA.email, role: 'admin' }) as { invite_url: string };
  await page.goto(invited.invite_url);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(DORA.name);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DORA.password);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
  doraId = (await (await page.request.get('/auth/me')).json() as { user: { id: string } }).user.id;

  await openProjectSettings(page);
  await expect(page.getByRole('region', { name: 'About this project' })).toContainText('dora joined as admin');
  await expect(page.getByRole('region', { name: 'Danger zone' })).toHaveCount(0);
  await expect(page.getByText('Only an owner deletes the project; you are an admin.')).toBeVisible();

  await createProject(page, LAB_ONE);
  await createProject(page, LAB_TWO);
  await openProjectSettings(page);
  await expect(page.getByRole('region', { name: 'Danger zone' })).toBeVisible();
  await snapBothSizes(page, 'project-settings');
});

test('deleting a project asks for its name, then moves to another of her projects', async ({ page }) => {
  await page.goto('/ui/sign-in');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DORA.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DORA.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
  await page.getByRole('button', { name: /^Project / }).click();
  await page.getByRole('menuitem', { name: new RegExp(LAB_TWO) }).click();
  await expect(page.getByRole('button', { name: `Project ${LAB_TWO}` })).toBeVisible();

  await deleteCurrentProject(page, LAB_TWO, 'project-delete-confirm');
  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Project ${LAB_TWO}` })).toHaveCount(0);
  await page.getByRole('button', { name: /^Project / }).click();
  const projects = page.getByRole('menuitem').filter({ hasNotText: 'New project' });
  await expect(projects).toHaveCount(2);
  await expect(projects).not.toContainText([LAB_TWO]);
  await page.keyboard.press('Escape');
});

test('deleting her last project leaves her signed in, offered to create one', async ({ page }) => {
  // Out of the project she joined (by its admin key): the lab she owns is all she has left.
  await joined.call('DELETE', `/projects/${joined.id}/members/${doraId}`);
  await page.goto('/ui/sign-in');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DORA.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DORA.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: `Project ${LAB_ONE}` })).toBeVisible();

  await deleteCurrentProject(page, LAB_ONE);
  await expect(page.getByRole('heading', { name: 'No project yet' })).toBeVisible();
  await snapBothSizes(page, 'no-project-after-delete');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No project yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.getByRole('dialog').getByLabel('Project name').fill('dora starts again');
  await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('button', { name: 'Project dora starts again' })).toBeVisible();
  await expect(page.getByLabel('Your role')).toHaveText('owner');
});
