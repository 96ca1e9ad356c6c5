import { expect, signIn, test } from './support/console-test';

// The "unreachable" badge's tooltip shows the api's 502 detail for the variant's schema: a password written into
// the variant's URL must not reach the page, however the service fails.
test('the unreachable tooltip names the service without the password in its URL', async ({ page, api, stack }) => {
  const app = await api.call<{ app_id: string }>('POST', '/apps', { app_name: `credentials-${Date.now()}` });
  const withPassword = (url: string) => url.replace('://', '://user:s3cret@');
  const variants = [
    // Nothing listens there.
    { name: 'closed', url: withPassword('http://127.0.0.1:9/'), reason: /cannot reach http:\/\/127\.0\.0\.1:9/ },
    // A service that answers, but has no such route.
    { name: 'missing', url: withPassword(`${stack.serviceUrl.replace(/\/$/, '')}/nowhere`), reason: /answered 404/ },
  ];
  for (const variant of variants) {
    await api.call('POST', `/apps/${app.app_id}/variant/from-service`, { variant_name: variant.name, url: variant.url, parameters: {} });
  }

  await signIn(page, stack.apiKey);
  await page.goto(`/ui/apps/${app.app_id}/variants`);
  for (const variant of variants) {
    const badge = page.getByRole('listitem', { name: variant.name }).getByText('unreachable');
    await expect(badge).toBeVisible();
    await badge.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveText(variant.reason);
    expect(await tooltip.textContent()).not.toContain('s3cret');
    await page.mouse.move(0, 0);
    await expect(tooltip).toHaveCount(0);
  }
  expect(await page.content()).not.toContain('s3cret');
});
