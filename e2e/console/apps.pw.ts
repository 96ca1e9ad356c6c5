import { expect, signIn, snapBothSizes, test } from './support/console-test';

test('apps: empty state, create, rename, delete with confirmation', async ({ page, api }) => {
  // A project of its own, so the empty state does not depend on what other tests created.
  const project = await api.call<{ api_key: { key: string } }>('POST', '/projects', { name: 'a team with a rather long project name' });
  await signIn(page, project.api_key.key);
  await expect(page.getByLabel('Project')).toHaveText('a team with a rather long project name');
  await expect(page.getByText('No apps yet')).toBeVisible();
  await snapBothSizes(page, 'apps-empty');

  await page.getByLabel('New app name').fill('support-bot');
  await page.getByRole('button', { name: 'Create app' }).click();
  await expect(page.getByRole('heading', { name: 'support-bot', level: 2 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Apps' }).click();
  const card = page.getByRole('listitem', { name: 'support-bot' });
  await expect(card).toContainText('0 variants');
  await expect(card).toContainText('production');
  await expect(card).toContainText('nothing deployed');

  await page.getByLabel('New app name').fill('support-bot');
  await page.getByRole('button', { name: 'Create app' }).click();
  await expect(page.getByText(/already exists/)).toBeVisible();
  await page.getByLabel('New app name').fill('a-very-long-application-name-that-keeps-going-and-going-to-test-wrapping');
  await page.getByRole('button', { name: 'Create app' }).click();
  await expect(page.getByRole('heading', { name: /a-very-long-application-name/, level: 2 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Apps' }).click();
  await snapBothSizes(page, 'apps');

  await card.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('dialog').getByLabel('App name').fill('helpdesk-bot');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  const renamed = page.getByRole('listitem', { name: 'helpdesk-bot' });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('cannot be undone');
  await page.getByRole('button', { name: 'Delete app' }).click();
  await expect(renamed).toHaveCount(0);
});
