import { join } from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { DESKTOP, PHONE, expect, signIn, snapBothSizes, test } from './support/console-test';

const MOCK_KEY = 'mock-secret-key-7c3e';
const WRONG_KEY = 'sk-ant-not-the-key-9f1b';
// Long enough to be cut with an ellipsis in every list it shows up in.
const GATEWAY = 'mock-gateway-of-the-evaluation-team-in-the-eu-west-production-cluster';

const SCREENSHOTS = join(__dirname, '..', '..', 'tmp', 'playwright', 'test-results', 'screenshots');

/** The part of a long page a test is about, at both sizes (a full-page picture of a phone is too small to judge). */
async function snapPart(page: Page, part: Locator, name: string): Promise<void> {
  for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    await part.screenshot({ path: join(SCREENSHOTS, `${name}-${size}.png`), animations: 'disabled' });
  }
}

/** The field labelled `label`, with or without the required asterisk. */
const field = (scope: Locator | Page, label: string): Locator =>
  scope.getByLabel(new RegExp(`^${label.replace(/[$/*]/g, (c) => `\\${c}`)}( \\*)?$`));

/** Picks `option` in the Mantine Select labelled `label` (within `scope`). */
async function choose(page: Page, scope: Locator | Page, label: string, option: string): Promise<void> {
  await scope.getByRole('textbox', { name: label, exact: true }).or(scope.getByRole('combobox', { name: label, exact: true })).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addConnection(page: Page, kind: string, name: string, baseUrl: string, apiKey: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add provider' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a provider connection' });
  await choose(page, dialog, 'Provider', kind);
  await field(dialog, 'Name').fill(name);
  await field(dialog, 'Base URL').fill(baseUrl);
  await field(dialog, 'API key').fill(apiKey);
  return dialog;
}

test.describe.serial('Settings → Providers and Models, and an LLM judge choosing its connection', () => {
  let mock: MockLlmServer;

  test.beforeAll(async () => {
    // Answers 401 (in each provider's wire format) to any call without this key.
    mock = await startMockLlmServer({ apiKey: MOCK_KEY });
  });
  test.afterAll(async () => mock?.close());

  test('connect providers: fields of the kind, errors by the field, test ok and a refused key, only the hint shown', async ({ page, stack }) => {
    await signIn(page, stack.apiKey);
    await page.getByRole('link', { name: 'Providers' }).click();
    await expect(page.getByRole('heading', { name: 'Providers' })).toBeVisible();
    await expect(page.getByText('No providers connected yet')).toBeVisible();
    await snapBothSizes(page, 'providers-empty');
    // Without a connection no model is available, and the Models page says what to do.
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Models' }).click();
    await expect(page.getByText('No model is available yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add custom model' })).toBeDisabled();
    await snapBothSizes(page, 'models-no-connections');
    await page.getByRole('link', { name: 'add a provider' }).click();

    // A base URL the api refuses is named under its field, and nothing is stored.
    let dialog = await addConnection(page, 'OpenAI-compatible server', GATEWAY, 'not a url', MOCK_KEY);
    await expect(field(dialog, 'API key')).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Save connection' }).click();
    await expect(dialog.locator('.mantine-InputWrapper-error')).toHaveCount(1);
    await snapBothSizes(page, 'providers-add-dialog-error');
    await field(dialog, 'Base URL').fill(mock.url);
    await dialog.getByRole('button', { name: 'Save connection' }).click();
    await expect(dialog).toBeHidden();

    const connections = page.getByRole('list', { name: 'Provider connections' });
    const gateway = connections.getByRole('listitem', { name: GATEWAY });
    await expect(gateway).toContainText('…7c3e');
    await gateway.getByRole('button', { name: `Test ${GATEWAY}` }).click();
    await expect(gateway.getByRole('status')).toContainText(/Connected · \d+ ms · 5 models/);

    dialog = await addConnection(page, 'Anthropic', 'anthropic-wrong-key', mock.url, WRONG_KEY);
    await snapBothSizes(page, 'providers-add-dialog');
    await dialog.getByRole('button', { name: 'Save connection' }).click();
    await expect(dialog).toBeHidden();
    const anthropic = connections.getByRole('listitem', { name: 'anthropic-wrong-key' });
    await anthropic.getByRole('button', { name: 'Test anthropic-wrong-key' }).click();
    await expect(anthropic.getByRole('status')).toContainText('Failed · 401');

    // A taken name is a 409 shown under the name.
    dialog = await addConnection(page, 'Anthropic', 'anthropic-wrong-key', mock.url, WRONG_KEY);
    await dialog.getByRole('button', { name: 'Save connection' }).click();
    await expect(dialog.locator('.mantine-InputWrapper-error')).toContainText('anthropic-wrong-key');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await snapBothSizes(page, 'providers');
    const text = await page.content();
    expect(text).not.toContain(MOCK_KEY);
    expect(text).not.toContain(WRONG_KEY);
  });

  test('models: search, filter by provider, prices per million tokens, add a custom model with its errors', async ({ page, stack }) => {
    await signIn(page, stack.apiKey);
    await page.getByRole('link', { name: 'Models' }).click();
    const table = page.getByRole('table', { name: 'Models' });
    await expect(table.getByRole('row').nth(3)).toBeVisible();
    // Only the rows in view are in the page, though the catalog holds hundreds.
    expect(await table.getByRole('row').count()).toBeLessThan(60);

    await field(page, 'Search models').fill('claude');
    await choose(page, page, 'Provider', 'Anthropic');
    await expect(page.getByRole('status')).toContainText('models');
    const first = table.getByRole('row').nth(1);
    await expect(first).toContainText('anthropic/claude');
    await expect(first).toContainText('$');
    await expect(first).toContainText('yes'); // the project has an anthropic connection
    await snapBothSizes(page, 'models');

    await page.getByRole('button', { name: 'Add custom model' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a custom model' });
    await choose(page, dialog, 'Connection', `${GATEWAY} (openai_compatible)`);
    await field(dialog, 'Name').fill('acme-llama-ft');
    await field(dialog, 'Input $ / M tokens').fill('0.2');
    await field(dialog, 'Output $ / M tokens').fill('0.6');
    // An RE2 pattern the api refuses is named under its field.
    await field(dialog, 'Match pattern').fill('acme-(llama');
    await dialog.getByRole('button', { name: 'Add model' }).click();
    await expect(dialog.locator('.mantine-InputWrapper-error')).toHaveCount(1);
    await expect(field(dialog, 'Match pattern')).toHaveAttribute('aria-invalid', 'true');
    await snapBothSizes(page, 'models-add-dialog');
    await field(dialog, 'Match pattern').fill('^acme-llama');
    await dialog.getByRole('button', { name: 'Add model' }).click();
    await expect(dialog).toBeHidden();

    await choose(page, page, 'Provider', 'OpenAI-compatible server');
    await field(page, 'Search models').fill('acme');
    // Listed as `<connection name>/<name>` (in full in its title), shown as its name over the connection's.
    await expect(table.getByTitle(`${GATEWAY}/acme-llama-ft`)).toContainText(`acme-llama-ftvia ${GATEWAY}`);
    await expect(table).toContainText('custom');
    await expect(table).toContainText('$0.6');
    await snapBothSizes(page, 'models-custom');
    await page.getByRole('button', { name: `Edit ${GATEWAY}/acme-llama-ft` }).click();
    const edit = page.getByRole('dialog');
    await field(edit, 'Output $ / M tokens').fill('0.8');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(table).toContainText('$0.8');
  });

  test('an LLM judge picks its connection and model from dropdowns; a connection in use is not deleted', async ({ page, stack }) => {
    await signIn(page, stack.apiKey);
    await page.getByRole('link', { name: 'Evaluators' }).click();
    await page.getByRole('listitem', { name: 'LLM-as-a-judge' }).getByRole('button', { name: 'Configure' }).click();
    const form = page.getByRole('region', { name: 'Configure LLM-as-a-judge' });
    await field(form, 'Config name').fill('judge-through-anthropic');
    await choose(page, form, 'connection_id', 'anthropic-wrong-key (anthropic)');
    const model = field(form, 'model');
    await model.fill('claude');
    await expect(page.getByText('Available in this project')).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'evaluator-model-picker-desktop.png'), animations: 'disabled' });
    await page.getByRole('option').filter({ hasText: 'anthropic/claude' }).first().click();
    await expect(model).toHaveValue(/^anthropic\/claude/);
    await snapBothSizes(page, 'evaluator-llm-judge');
    await snapPart(page, form, 'evaluator-llm-judge-form');
    await form.getByRole('button', { name: 'Save evaluator' }).click();
    await expect(page.getByRole('table', { name: 'Configured evaluators' })).toContainText('judge-through-anthropic');

    await page.getByRole('link', { name: 'Providers' }).click();
    const connections = page.getByRole('list', { name: 'Provider connections' });
    const anthropic = connections.getByRole('listitem', { name: 'anthropic-wrong-key' });
    await anthropic.getByRole('button', { name: 'Delete anthropic-wrong-key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete connection' }).click();
    await expect(anthropic.getByRole('alert')).toContainText('judge-through-anthropic');
    await snapBothSizes(page, 'providers-delete-refused');

    const gateway = connections.getByRole('listitem', { name: GATEWAY });
    await gateway.getByRole('button', { name: `Delete ${GATEWAY}` }).click();
    await expect(page.getByRole('dialog')).toContainText(`Delete “${GATEWAY}”?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete connection' }).click();
    await expect(gateway).toBeHidden();
    await expect(anthropic).toBeVisible();
  });
});
