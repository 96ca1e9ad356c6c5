/// <reference lib="dom" />
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { ConsoleStack } from './global-setup';

// Toasts are transient and would cover the header in every picture taken right after an action.
const HIDE_TOASTS = '.mantine-Notifications-root { display: none !important; }';
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = join(__dirname, '..', '..', '..', 'tmp', 'playwright', 'test-results', 'screenshots');

export const test = base.extend<{ stack: ConsoleStack; api: ApiCaller }>({
  stack: async ({}, use) => { // eslint-disable-line no-empty-pattern
    const raw = process.env['CONSOLE_STACK'];
    if (!raw) throw new Error('CONSOLE_STACK is not set: run through playwright.config.ts (global setup)');
    await use(JSON.parse(raw) as ConsoleStack);
  },
  baseURL: async ({ stack }, use) => use(stack.apiUrl),
  api: async ({ stack }, use) => use(new ApiCaller(stack)),
});
export { expect };

/** Direct api calls for setup a test is not about (the browser drives everything it asserts). */
export class ApiCaller {
  constructor(private readonly stack: ConsoleStack) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.stack.apiUrl}${path}`, {
      method,
      headers: { authorization: `ApiKey ${this.stack.apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

/** Signs in with an API key (the development fold of the sign-in page): the key is kept for this tab only. */
export async function signIn(page: Page, apiKey: string): Promise<void> {
  await page.goto('/ui/sign-in');
  await page.getByRole('button', { name: 'Use an API key' }).click();
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Sign in with the key' }).click();
  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
}

/**
 * Screenshots of the current screen at 1280×800 and at 390×844 (full page), and the phone checks that the
 * page itself never scrolls sideways and that no badge's label is cut short.
 */
export async function snapBothSizes(page: Page, name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await settle(page);
  // Polled: an element still animating into place (a toast, a closing menu) may overflow for a moment; a page
  // that really scrolls sideways keeps overflowing and fails.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
    message: `${name} scrolls sideways on a phone`, timeout: 3000,
  }).toBeLessThanOrEqual(0);
  // A badge clips its label with an ellipsis: a status cut to "finished with er…" reads as something else. Polled
  // like the check above: while the navigation slides away the page is narrower for a moment.
  await expect.poll(() => page.evaluate(() => Array.from(document.querySelectorAll('.mantine-Badge-label'))
    .filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent)), {
    message: `${name}: badges cut short on a phone`, timeout: 3000,
  }).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-phone.png`), fullPage: true, animations: 'disabled', style: HIDE_TOASTS });
  await page.setViewportSize(DESKTOP);
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-desktop.png`), fullPage: true, animations: 'disabled', style: HIDE_TOASTS });
}

/** Two animation frames: media queries re-applied and layout done before a picture or a measure. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/** Drops a file on the test-set upload region, as a person dragging it from their desktop would. */
export async function dropFile(page: Page, name: string, content: string, type: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(([fileName, text, mime]) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], fileName, { type: mime }));
    return transfer;
  }, [name, content, type] as const);
  await page.getByRole('region', { name: 'Drop a CSV or JSON file' }).dispatchEvent('drop', { dataTransfer });
}

/** Picks `option` in the Select or MultiSelect labelled `label`; a MultiSelect stays open after a pick. */
export async function chooseIn(page: Page, label: string, option: string): Promise<void> {
  const choice = page.getByRole('option', { name: option, exact: true });
  const input = page.getByRole('combobox', { name: label, exact: true }).or(page.getByRole('textbox', { name: label, exact: true })).first();
  await expect(input).toBeEnabled();
  // Asked again while a dropdown that was just closed (Escape) ignores the click or its choices still load.
  await expect(async () => {
    // A MultiSelect's pills box lies over its input and takes the click, as it does for a person.
    if (!(await choice.isVisible())) await input.click({ force: true });
    await expect(choice).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await choice.click();
}
