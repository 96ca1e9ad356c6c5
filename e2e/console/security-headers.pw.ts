import { expect, signIn, test } from './support/console-test';

/** Content-Security-Policy violations the page reports, recorded from the first script on. */
const RECORD_VIOLATIONS = () => {
  const seen: string[] = [];
  Object.assign(window, { cspViolations: seen });
  document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
};

test('the console and /docs work under their Content-Security-Policy, and refuse to be framed', async ({ page, stack }) => {
  await page.addInitScript(RECORD_VIOLATIONS);
  const answer = await page.goto('/ui/sign-in');
  expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer?.headers()['x-frame-options']).toBe('DENY');
  await signIn(page, stack.apiKey);
  await page.getByRole('link', { name: 'Test sets' }).click();
  await expect(page).toHaveURL(/\/ui\/testsets/);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);

  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /Crucible/ }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
