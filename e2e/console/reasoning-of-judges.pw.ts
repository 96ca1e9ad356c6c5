// Named to run after providers.pw.ts (files run in name order on one shared stack): it adds a connection, and that spec
// starts from a project with none.
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { join } from 'node:path';
import { DESKTOP, PHONE, expect, signIn, snapBothSizes, test } from './support/console-test';

const SCREENSHOTS = join(__dirname, '..', '..', 'tmp', 'playwright', 'test-results', 'screenshots');

const MOCK_KEY = 'mock-judge-key-41d7';
const LONG_REASONING = 'The output names the right city but then adds a long digression about its history, its rivers, '
  + 'its bridges and its museums that nobody asked for, which a reader has to skip to find the answer; half marks.';

/** The judge is a mock LLM behind a connection; the app answers each row's input (a MOCK_REPLY line scripts the judge). */
test.describe.serial("an LLM judge's reasoning on the evaluation's rows", () => {
  let mock: MockLlmServer;
  test.beforeAll(async () => {
    mock = await startMockLlmServer({ apiKey: MOCK_KEY });
  });
  test.afterAll(async () => mock?.close());

  test('scores with their reasoning, a long one folded, and an off-schema answer as an error', async ({ page, stack, api }) => {
    const connection = await api.call<{ id: string }>('POST', '/provider-connections', { name: 'judge-mock', kind: 'openai_compatible', base_url: mock.url, api_key: MOCK_KEY });
    const app = await api.call<{ app_id: string }>('POST', '/apps', { app_name: 'judged-app' });
    const variant = await api.call<{ variant_id: string }>('POST', `/apps/${app.app_id}/variant/from-service`, {
      variant_name: 'completion', url: stack.serviceUrl, parameters: { prompt_template: 'MOCK_REPLY: {input}' },
    });
    const [revision] = await api.call<Array<{ id: string }>>('GET', `/variants/${variant.variant_id}/revisions`);
    const rows = [
      { input: 'Paris', correct_answer: 'Paris', contexts: '["Paris is the capital of France."]' },
      { input: 'maybe Lyon', correct_answer: 'Lyon', contexts: '["Lyon lies on the Rhone."]' },
      { input: `MOCK_REPLY: ${JSON.stringify({ score: 0.5, reasoning: LONG_REASONING })}`, correct_answer: 'Paris', contexts: '["Paris"]' },
      { input: 'MOCK_REPLY: {"score": 7, "reasoning": "seven"}', correct_answer: 'Paris', contexts: '["Paris"]' },
    ];
    const testset = await api.call<{ id: string }>('POST', '/testsets', { name: 'judged-rows', csvdata: rows, app_id: app.app_id });
    const judge = { connection_id: connection.id, model: 'judge-mock/gpt-4o-mini' };
    const configs = [
      await api.call<{ id: string }>('POST', '/evaluators/configs', { app_id: app.app_id, name: 'correctness', evaluator_key: 'auto_ai_critique', settings_values: { preset: 'correctness', ...judge } }),
      await api.call<{ id: string }>('POST', '/evaluators/configs', { app_id: app.app_id, name: 'faithfulness', evaluator_key: 'rag_faithfulness', settings_values: { contexts_column: 'contexts', ...judge } }),
    ];
    const [evaluation] = await api.call<Array<{ id: string }>>('POST', '/evaluations', {
      app_id: app.app_id, revisions_ids: [revision!.id], evaluators_configs: configs.map((c) => c.id), testset_id: testset.id,
      rate_limit: { batch_size: 5, max_retries: 0, retry_delay: 0, delay_between_batches: 0 },
    });
    await expect.poll(async () => (await api.call<{ status: { value: string } }>('GET', `/evaluations/${evaluation!.id}/status`)).status.value, { timeout: 60_000 })
      .toBe('EVALUATION_FINISHED_WITH_ERRORS');

    await signIn(page, stack.apiKey);
    await page.goto(`/ui/evaluations/${evaluation!.id}`);
    const table = page.getByRole('table', { name: 'Evaluation rows' });
    const row = (n: number) => table.getByRole('row').nth(n);
    await expect(row(1)).toContainText('1 of 1 words of the output appear in the reference.');
    await expect(row(2)).toContainText('0.5');
    await expect(row(2)).toContainText('1 of 2 words of the output appear in the reference.');
    await expect(row(3)).toContainText('its bridges');
    await expect(row(3).getByRole('button', { name: 'More' }).first()).toBeVisible();
    await expect(row(4)).toContainText('error: The judge answered outside the schema (score 7 is outside 0 to 1)');
    await snapBothSizes(page, 'judge-reasoning');
    // On a phone the rows scroll sideways inside their table: the judge's column, scrolled to.
    await page.setViewportSize(PHONE);
    await row(2).getByText('1 of 2 words of the output appear in the reference.').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'judge-reasoning-phone-scrolled.png'), fullPage: true, animations: 'disabled' });
    await page.setViewportSize(DESKTOP);
    await row(3).getByRole('button', { name: 'More' }).first().click();
    await expect(row(3).getByRole('button', { name: 'Less' }).first()).toBeVisible();
  });
});
