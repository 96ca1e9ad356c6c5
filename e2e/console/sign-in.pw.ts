import { expect, signIn, snapBothSizes, test } from './support/console-test';

test('a browser asking for / lands on the console; API paths still answer JSON', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/ui\/sign-in$/);
  const json = await request.get('/', { headers: { accept: 'application/json' } });
  expect(json.status()).toBe(404);
  expect(await json.json()).toHaveProperty('detail');
  const missingAsset = await request.get('/ui/assets/nope.js');
  expect(missingAsset.status()).toBe(404);
});

test('sign in with a wrong key, then the right one; the header names the project; sign out', async ({ page, stack }) => {
  await page.goto('/ui/sign-in');
  await page.getByRole('button', { name: 'Use an API key' }).click();
  await page.getByLabel('API key').fill('crc_not-a-real-key');
  await page.getByRole('button', { name: 'Sign in with the key' }).click();
  await expect(page.getByRole('alert')).toContainText('That API key is not valid');
  await snapBothSizes(page, 'sign-in-wrong-key');

  await signIn(page, stack.apiKey);
  await expect(page.getByLabel('Project')).toHaveText('default');
  await expect(page.getByLabel('Signed in as')).toContainText('API key');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/ui\/sign-in$/);
  await page.goto('/ui/apps');
  await expect(page).toHaveURL(/\/ui\/sign-in$/);
});

test('a key that stops working sends the person back to sign-in', async ({ page, stack, api }) => {
  const project = await api.call<{ project_id: string }>('GET', '/projects/current');
  const created = await api.call<{ id: string; key: string }>('POST', `/projects/${project.project_id}/api-keys`, { name: 'short-lived' });
  await signIn(page, created.key);
  await api.call('DELETE', `/projects/${project.project_id}/api-keys/${created.id}`);
  await page.reload();
  await expect(page).toHaveURL(/\/ui\/sign-in$/);
  expect(stack.apiKey).not.toBe(created.key);
});

test('a pasted key is kept for this tab only, never in localStorage; a key an older console left there is removed', async ({ page, stack, context }) => {
  await page.goto('/ui/sign-in');
  await page.evaluate((key) => window.localStorage.setItem('crucible.apiKey', key), stack.apiKey);
  await page.reload();
  // The old key signs nobody in, and is gone.
  await page.goto('/ui/apps');
  await expect(page).toHaveURL(/\/ui\/sign-in$/);
  expect(await page.evaluate(() => window.localStorage.getItem('crucible.apiKey'))).toBeNull();

  await signIn(page, stack.apiKey);
  expect(await page.evaluate(() => window.localStorage.getItem('crucible.apiKey'))).toBeNull();
  expect(await page.evaluate(() => window.sessionStorage.getItem('crucible.apiKey'))).toBe(stack.apiKey);
  await page.reload(); // the same tab keeps it
  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
  const otherTab = await context.newPage(); // another tab does not
  await otherTab.goto('/ui/apps');
  await expect(otherTab).toHaveURL(/\/ui\/sign-in$/);
});
