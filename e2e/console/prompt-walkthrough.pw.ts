import { join } from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { ApiCaller, DESKTOP, PHONE, chooseIn, dropFile, expect, signIn, snapBothSizes, test } from './support/console-test';

const MOCK_KEY = 'mock-walkthrough-key-51d2';
const SUPPORT_QUESTIONS_CSV = `product,language,messages,correct_answer
Crucible,English,"[{""role"": ""user"", ""content"": ""How do I deploy?""}]",Echo: How do I deploy?
Crucible,English,"[{""role"": ""user"", ""content"": ""How do I roll back?""}]",Echo: How do I roll back?
Crucible,English,"[{""role"": ""user"", ""content"": ""Where are my traces?""}]",Echo: Where are my traces?
`;
const SCREENSHOTS = join(__dirname, '..', '..', 'tmp', 'playwright', 'test-results', 'screenshots');

/** The field labelled `label`, with or without the required asterisk. */
const field = (scope: Locator | Page, label: string): Locator => scope.getByLabel(new RegExp(`^${label}( \\*)?$`));

/** Picks `option` in the Mantine Select labelled `label` (within `scope`). */
async function choose(page: Page, scope: Locator | Page, label: string, option: string): Promise<void> {
  await scope.getByRole('textbox', { name: label, exact: true }).or(scope.getByRole('combobox', { name: label, exact: true })).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The part of a long page a step is about, at both sizes. */
async function snapPart(page: Page, part: Locator, name: string): Promise<void> {
  for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    await part.screenshot({ path: join(SCREENSHOTS, `${name}-${size}.png`), animations: 'disabled' });
  }
}

// README "Your first prompt in two minutes", in the browser: connect the mock LLM, create a Chat app, edit its
// messages, stream a conversation, save, deploy, and call what is deployed through the gateway.
test.describe.serial('a prompt without code: connection, Chat app, messages, streamed run, save, deploy, evaluate', () => {
  let mock: MockLlmServer;
  test.beforeAll(async () => {
    // Chunks 120 ms apart, so the reply is seen growing before it is complete.
    mock = await startMockLlmServer({ apiKey: MOCK_KEY, chunkDelayMs: 120 });
  });
  test.afterAll(async () => mock?.close());

  test('the walk-through', async ({ page, api, stack }) => {
    const project = await api.call<{ api_key: { key: string } }>('POST', '/projects', { name: `prompt walk-through ${Date.now()}` });
    await signIn(page, project.api_key.key);

    // 1. A connection: the mock LLM as an OpenAI-compatible server.
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Providers' }).click();
    await page.getByRole('button', { name: 'Add provider' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a provider connection' });
    await choose(page, dialog, 'Provider', 'OpenAI-compatible server');
    await field(dialog, 'Name').fill('mock-llm');
    await field(dialog, 'Base URL').fill(mock.url);
    await field(dialog, 'API key').fill(MOCK_KEY);
    await dialog.getByRole('button', { name: 'Save connection' }).click();
    await expect(dialog).toBeHidden();

    // 2. A Chat app from its template: the playground opens on its `default` variant.
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Apps' }).click();
    await field(page, 'New app name').fill('support-chat-with-a-rather-long-name-for-wrapping');
    await page.getByRole('radio', { name: 'Chat' }).click();
    await snapBothSizes(page, 'prompt-new-app');
    await page.getByRole('button', { name: 'Create app' }).click();
    await expect(page.getByRole('heading', { name: 'support-chat-with-a-rather-long-name-for-wrapping', level: 2 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Playground', selected: true })).toBeVisible();
    const model = page.getByRole('combobox', { name: 'model' }).or(page.getByRole('textbox', { name: 'model', exact: true })).first();
    await expect(model).toHaveValue(/^mock-llm\//);
    await expect(page.getByLabel('Model price')).toBeVisible();

    // The model picker: grouped by provider, a provider without a connection disabled, a link to add one.
    await model.click();
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByText(/— no connection$/).first()).toBeVisible();
    await expect(listbox.getByRole('option', { disabled: true }).first()).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'prompt-model-picker-desktop.png'), animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Add a connection' })).toHaveAttribute('href', '/ui/settings/providers');

    // 3. Messages: the system prompt takes two variables, listed as inputs; add, move and remove a message.
    const system = page.getByRole('group', { name: 'Message 1' });
    await system.getByRole('textbox', { name: 'content' }).fill('You are the support agent of {{product}}. Answer in {{language}}.');
    await expect(page.getByLabel('Variables of message 1')).toHaveText('productlanguage');
    await expect(system.locator('mark[data-variable]')).toHaveCount(2);
    const inputs = page.getByRole('group', { name: 'Inputs' });
    await expect(inputs.getByRole('textbox')).toHaveCount(2);
    await page.getByRole('button', { name: 'Add message' }).click();
    const second = page.getByRole('group', { name: 'Message 2' });
    await choose(page, second, 'role', 'assistant');
    await second.getByRole('textbox', { name: 'content' }).fill('Hello! How can I help with {{product}}?');
    await page.getByRole('button', { name: 'Move message 2 up' }).click();
    await expect(page.getByRole('group', { name: 'Message 1' }).getByRole('textbox', { name: 'role' }).or(page.getByRole('group', { name: 'Message 1' }).getByRole('combobox', { name: 'role' })).first()).toHaveValue('assistant');
    await page.getByRole('button', { name: 'Move message 1 down' }).click();
    await page.getByRole('button', { name: 'Remove message 2' }).click();
    await expect(page.getByRole('group', { name: /^Message \d$/ })).toHaveCount(1);
    await snapBothSizes(page, 'prompt-editor');

    // 4. A run without `language`: the api's 422 shows beside that input, and nothing is added to the conversation.
    await inputs.getByRole('textbox', { name: 'product' }).fill('Crucible');
    await page.getByRole('textbox', { name: 'Your message' }).fill('How do I deploy a prompt?');
    await page.keyboard.press('Control+Enter');
    await expect(inputs.getByText(/language/).last()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'language' }).first()).toBeVisible();
    await snapBothSizes(page, 'prompt-run-422');

    // 5. Streamed: the reply grows as it arrives, then joins the conversation with its figures.
    // The refused message stays in the conversation: Run again sends it as it is.
    await inputs.getByRole('textbox', { name: 'language' }).fill('English');
    await page.keyboard.press('Control+Enter');
    // Seen while it streams: the element exists only until the reply is complete.
    await expect(page.getByTestId('streaming-reply')).toContainText('Echo:');
    const conversation = page.getByRole('list', { name: 'Conversation' });
    await expect(conversation.getByRole('listitem', { name: 'assistant turn' })).toContainText('Echo: How do I deploy a prompt?');
    const figures = page.getByRole('group', { name: 'Run figures' });
    await expect(figures.getByLabel('Time to first token')).toHaveText(/\d+ ms/);
    await expect(figures.getByLabel('Tokens')).toHaveText(/^\d+ \(\d+ in, \d+ out\)$/);
    await expect(figures.getByLabel('Cost')).toHaveText(/^\$\d/);
    // Continue the conversation: the reply above is sent back with the next message.
    await page.getByRole('textbox', { name: 'Your message' }).fill('And how do I roll back?');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(conversation.getByRole('listitem')).toHaveCount(4);
    await expect(conversation.getByRole('listitem', { name: 'assistant turn' }).last()).toContainText('Echo: And how do I roll back?');
    await snapBothSizes(page, 'prompt-chat');

    // 6. A jinja2 template reaching outside its variables is refused at save, beside the message.
    await choose(page, page, 'template_format', 'jinja2');
    const first = page.getByRole('group', { name: 'Message 1' });
    await first.getByRole('textbox', { name: 'content' }).fill('{{ range.constructor("return process")() }}');
    await page.getByRole('button', { name: 'Save as new revision' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(first.locator('.mantine-InputWrapper-error')).toBeVisible();
    await snapPart(page, first, 'prompt-save-422');
    await choose(page, page, 'template_format', 'curly');
    await first.getByRole('textbox', { name: 'content' }).fill('You are the support agent of {{product}}. Answer in {{language}}, briefly.');

    // 7. Save as revision 2, deploy it to production.
    await page.getByRole('button', { name: 'Save as new revision' }).click();
    await page.getByRole('dialog').getByLabel('Commit message').fill('brief answers');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('combobox', { name: 'Revision' })).toHaveValue('2 (latest)');
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    // Saving does not end the conversation.
    await expect(conversation.getByRole('listitem')).toHaveCount(4);
    await page.getByRole('button', { name: 'Deploy revision 2 to…' }).click();
    await page.getByRole('menu', { name: 'Deploy revision 2 to…' }).getByRole('menuitem', { name: 'production' }).click();
    await expect(page.getByText('Revision 2 deployed to production')).toBeVisible();
    await page.getByRole('tab', { name: 'Environments' }).click();
    const production = page.getByRole('region', { name: 'production' });
    await expect(production).toContainText('runs default revision 2');
    await production.getByRole('button', { name: 'Call it with curl' }).click();
    await expect(production.getByLabel('Gateway call for production')).toContainText('/invoke');
    await snapBothSizes(page, 'prompt-deployed');

    // 8. The gateway answers with what production runs (README: the curl call).
    const appId = new URL(page.url()).pathname.split('/')[3]!;
    const response = await fetch(`${stack.apiUrl}/apps/${appId}/invoke`, {
      method: 'POST',
      headers: { authorization: `ApiKey ${project.api_key.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: { product: 'Crucible', language: 'English' }, messages: [{ role: 'user', content: 'Hello' }] }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: 'Echo: Hello' });

    // 9. Evaluate revision 2 on a three-row test set whose `messages` column holds each conversation.
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Test sets' }).click();
    // The CSV of the README: a cell holds the conversation as JSON.
    await dropFile(page, 'support-questions.csv', SUPPORT_QUESTIONS_CSV, 'text/csv');
    await expect(page.getByRole('status')).toContainText('Uploaded “support-questions”: 3 rows.');
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Evaluators' }).click();
    await page.getByRole('listitem', { name: 'Exact Match' }).getByRole('button', { name: 'Configure' }).click();
    await page.getByLabel('Config name').fill('exact');
    await page.getByRole('button', { name: 'Save evaluator' }).click();
    await expect(page.getByRole('table', { name: 'Configured evaluators' })).toContainText('auto_exact_match');
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Evaluations', exact: true }).click();
    await page.getByRole('button', { name: 'New evaluation' }).click();
    await chooseIn(page, 'App', 'support-chat-with-a-rather-long-name-for-wrapping');
    await chooseIn(page, 'Revisions', 'default v2');
    await page.keyboard.press('Escape');
    await chooseIn(page, 'Test set', 'support-questions (3 rows)');
    await chooseIn(page, 'Ground-truth column', 'correct_answer');
    await chooseIn(page, 'Evaluators', 'exact (auto_exact_match)');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Start evaluation' }).click();
    const evaluations = page.getByRole('table', { name: 'Evaluations' });
    await expect(evaluations.getByText('finished', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(evaluations).toContainText('exact: 1.00');
    await snapBothSizes(page, 'prompt-evaluation');
  });
});

test('a Completion app with a tool: a schema the api refuses is named beside it; the tool call comes back as the output', async ({ page, api, stack }) => {
  const mock = await startMockLlmServer({ apiKey: MOCK_KEY });
  try {
    const project = await api.call<{ api_key: { key: string } }>('POST', '/projects', { name: `prompt tools ${Date.now()}` });
    // Setup this test is not about: the connection through the api.
    const projectApi = new ApiCaller({ ...stack, apiKey: project.api_key.key });
    await projectApi.call('POST', '/provider-connections', { name: 'mock-llm', kind: 'openai_compatible', base_url: mock.url, api_key: MOCK_KEY });
    await signIn(page, project.api_key.key);
    await field(page, 'New app name').fill('weather-tool');
    await page.getByRole('radio', { name: 'Completion' }).click();
    await page.getByRole('button', { name: 'Create app' }).click();
    await expect(page.getByRole('group', { name: 'Message 2' }).getByRole('textbox', { name: 'content' })).toHaveValue('{{input}}');

    await page.getByRole('button', { name: 'Tools · 0' }).click();
    await page.getByRole('button', { name: 'Add tool' }).click();
    const tool = page.getByRole('group', { name: 'Tool 1' });
    await tool.getByRole('textbox', { name: 'name' }).fill('get_weather');
    await tool.getByRole('textbox', { name: 'parameters' }).fill('{"type": "object", "properties": {"city": {"type": "strng"}}}');
    await page.getByRole('button', { name: 'Save as new revision' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText('JSON Schema');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(tool.locator('.mantine-InputWrapper-error')).toContainText('JSON Schema');
    await snapPart(page, tool, 'prompt-tool-422');

    await tool.getByRole('textbox', { name: 'parameters' }).fill('{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}');
    await page.getByRole('group', { name: 'Inputs' }).getByRole('textbox', { name: 'input' }).fill('MOCK_TOOL_ARGS: {"city": "Paris"}');
    await page.keyboard.press('Control+Enter');
    const output = page.getByRole('region', { name: 'Output' });
    await expect(output.getByTestId('output')).toContainText('"name": "get_weather"');
    await expect(output.getByTestId('output')).toContainText('Paris');
    await snapBothSizes(page, 'prompt-completion-tool');
  } finally {
    await mock.close();
  }
});

