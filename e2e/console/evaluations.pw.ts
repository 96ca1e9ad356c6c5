import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { type FaultyProxy, startFaultyProxy } from '../src/support/faulty-proxy';
import { PHONE, dropFile, expect, signIn, snapBothSizes, test } from './support/console-test';

const CAPITALS = ['Paris', 'Berlin', 'Madrid', 'Rome', 'Lisbon', 'Vienna', 'Prague', 'Dublin', 'Oslo', 'Warsaw'];
const CSV = `input,correct_answer\n${CAPITALS.map((c) => `${c},${c}`).join('\n')}\n`;

/** Picks `option` in the Mantine Select or MultiSelect labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  // A MultiSelect's pills box lies over its input and takes the click (force), as it does for a person.
  // A MultiSelect stays open after a pick: click only when the option is not already offered.
  const choice = page.getByRole('option', { name: option, exact: true });
  if (!(await choice.isVisible())) {
    const field = page.getByRole('combobox', { name: label, exact: true }).or(page.getByRole('textbox', { name: label, exact: true })).first();
    // A field fed by another choice (the ground-truth column after the test set) is disabled until its data loads.
    await expect(field).toBeEnabled();
    await field.click({ force: true });
  }
  await choice.click();
}

/**
 * Both screenshots, once the phone layout has settled: the side navigation slides away over a transition, and
 * the page may be measured only after it has gone.
 */
async function snap(page: Page, name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await snapBothSizes(page, name);
}

test.describe.serial('test sets, evaluators, evaluations and human evaluation', () => {
  let proxy: FaultyProxy;

  test.beforeAll(async ({ stack }) => {
    // Rows asking for Rome fail (as a throwing workflow) until the proxy is mended: the failed rows to re-run.
    proxy = await startFaultyProxy(stack.serviceUrl, (body) => body.inputs?.['input'] === 'Rome');
  });
  test.afterAll(async () => proxy?.close());

  test('upload a CSV by drag and drop; a bad file is refused in words; rows are edited', async ({ page, stack }) => {
    await signIn(page, stack.apiKey);
    await page.getByRole('link', { name: 'Test sets' }).click();
    await dropFile(page, 'broken.json', '{"input": "Paris"}', 'application/json');
    await expect(page.getByRole('alert')).toContainText('file: a JSON test set must be an array of objects');
    await dropFile(page, 'capitals.csv', CSV, 'text/csv');
    await expect(page.getByRole('status')).toContainText('Uploaded “capitals”: 10 rows.');
    await snap(page, 'testsets');

    await page.getByRole('link', { name: 'capitals', exact: true }).click();
    const rows = page.getByRole('table', { name: 'Rows' });
    await expect(rows.getByRole('row')).toHaveCount(11);
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.getByRole('dialog').getByLabel('input').fill('Bern');
    await page.getByRole('dialog').getByLabel('correct_answer').fill('Bern');
    await page.getByRole('button', { name: 'Save row' }).click();
    await expect(rows).toContainText('Bern');
    await page.getByRole('button', { name: 'Edit row 11' }).click();
    await page.getByRole('dialog').getByLabel('correct_answer').fill('Berne');
    await page.getByRole('button', { name: 'Save row' }).click();
    await expect(rows).toContainText('Berne');
    await snap(page, 'testset-rows');
    await page.getByRole('button', { name: 'Delete row 11' }).click();
    await expect(rows).not.toContainText('Bern');
    await expect(page.getByText('10 rows ·')).toBeVisible();
  });

  test('100 000 rows: only the rows in view are in the page, and the last one is a scroll away', async ({ page, stack, api }) => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ input: `question ${i + 1}`, correct_answer: `answer ${i + 1}` }));
    const testset = await api.call<{ id: string }>('POST', '/testsets', { name: 'hundred-thousand', csvdata: rows });
    await signIn(page, stack.apiKey);
    await page.goto(`/ui/testsets/${testset.id}`);
    const table = page.getByRole('table', { name: 'Rows' });
    await expect(table).toHaveAttribute('aria-rowcount', '100000');
    await expect(table).toContainText('question 1');
    expect(await table.getByRole('row').count()).toBeLessThan(60);
    await page.getByTestId('rows-scroller').evaluate((scroller) => { scroller.scrollTop = scroller.scrollHeight; });
    await expect(table).toContainText('question 100000');
    expect(await table.getByRole('row').count()).toBeLessThan(60);
  });

  test('configure exact match, and a regex evaluator tried on a sample first', async ({ page, stack }) => {
    await signIn(page, stack.apiKey);
    await page.getByRole('link', { name: 'Evaluators' }).click();
    await page.getByRole('listitem', { name: 'Exact Match' }).getByRole('button', { name: 'Configure' }).click();
    await page.getByLabel('Config name').fill('exact');
    await page.getByRole('button', { name: 'Save evaluator' }).click();
    await expect(page.getByRole('table', { name: 'Configured evaluators' })).toContainText('auto_exact_match');

    await page.getByRole('listitem', { name: 'Regex Test' }).getByRole('button', { name: 'Configure' }).click();
    await page.getByLabel('Config name').fill('capitalised');
    await page.getByLabel('regex_pattern').fill('(');
    await page.getByLabel('Sample output').fill('Paris');
    await page.getByRole('button', { name: 'Try it' }).click();
    await expect(page.getByRole('alert')).toContainText('regex_pattern');
    await page.getByLabel('regex_pattern').fill('^[A-Z][a-z]+$');
    await page.getByRole('button', { name: 'Try it' }).click();
    await expect(page.getByRole('status')).toHaveText('Result: true');
    await page.getByLabel('Sample output').fill('maybe Paris');
    await page.getByRole('button', { name: 'Try it' }).click();
    await expect(page.getByRole('status')).toHaveText('Result: false');
    await snap(page, 'evaluator-try-it');
    await page.getByRole('button', { name: 'Save evaluator' }).click();
    await expect(page.getByRole('table', { name: 'Configured evaluators' })).toContainText('capitalised');
  });

  test('evaluate two revisions, compare them, re-run the failed rows, export CSV', async ({ page, stack, api }) => {
    const app = await api.call<{ app_id: string }>('POST', '/apps', { app_name: 'capitals-app' });
    const variant = await api.call<{ variant_id: string }>('POST', `/apps/${app.app_id}/variant/from-service`, {
      variant_name: 'completion', url: proxy.url, parameters: { prompt_template: 'MOCK_REPLY: {input}' },
    });
    await api.call('PUT', `/variants/${variant.variant_id}/parameters`, { parameters: { prompt_template: 'MOCK_REPLY: maybe {input}' }, commit_message: 'hedge' });

    await signIn(page, stack.apiKey);
    await page.getByRole('link', { name: 'Evaluations', exact: true }).click();
    await page.getByRole('button', { name: 'New evaluation' }).click();
    await choose(page, 'App', 'capitals-app');
    await choose(page, 'Revisions', 'completion v1');
    await choose(page, 'Revisions', 'completion v2');
    await page.keyboard.press('Escape');
    await choose(page, 'Test set', 'capitals (10 rows)');
    await choose(page, 'Ground-truth column', 'correct_answer');
    await choose(page, 'Evaluators', 'exact (auto_exact_match)');
    await choose(page, 'Evaluators', 'capitalised (auto_regex_test)');
    await page.keyboard.press('Escape');
    await page.getByLabel('max_retries').fill('0');
    // Two batches two seconds apart: long enough to watch the progress bars move.
    await page.getByLabel('batch_size').fill('5');
    await page.getByLabel('delay_between_batches').fill('2');
    await expect(page.getByRole('status')).toContainText('About 20 calls to the app (2 revisions × 10 rows)');
    await snap(page, 'evaluation-create');
    await page.getByRole('button', { name: 'Start evaluation' }).click();
    const list = page.getByRole('table', { name: 'Evaluations' });
    await expect(list.getByRole('progressbar', { name: 'Progress of completion v1' })).toBeVisible();
    await expect(list.getByText('finished with errors')).toHaveCount(2, { timeout: 60_000 });
    await expect(list.getByRole('progressbar')).toHaveCount(0);
    await snap(page, 'evaluations');

    await page.getByRole('checkbox', { name: 'Select completion v1 on capitals' }).check();
    await page.getByRole('checkbox', { name: 'Select completion v2 on capitals' }).check();
    await page.getByRole('button', { name: 'Compare selected (2)' }).click();
    const verdicts = page.getByRole('region', { name: 'Verdicts' });
    // Rome failed on both sides: 9 paired rows, all discordant one way → exact McNemar p = 2 · 0.5⁹.
    await expect(verdicts).toContainText('completion v2 is worse than completion v1 on exact: −100 points, 95 % CI −100…−100, p = 0.0039');
    await expect(verdicts).toContainText('completion v2 is worse than completion v1 on capitalised');
    await expect(page.getByRole('table', { name: 'Comparison' })).toContainText('n = 9, 1 left out');
    await snap(page, 'compare');
    const sideBySide = page.getByRole('table', { name: 'Rows side by side' });
    await expect(sideBySide).toContainText('maybe Paris');
    await page.getByLabel('Only rows where the evaluators disagree').check();
    // Rome failed alike on both sides; every other row is judged differently.
    await expect(sideBySide.getByRole('row')).toHaveCount(10);
    await expect(sideBySide).not.toContainText('Rome');

    await page.goto('/ui/evaluations');
    await list.getByRole('link', { name: 'completion v1' }).click();
    await page.getByText('Failed or errored (1)').click();
    const rows = page.getByRole('table', { name: 'Evaluation rows' });
    await expect(rows).toContainText('injected failure');
    await rows.getByRole('button', { name: 'Show stacktrace' }).click();
    await expect(rows).toContainText('at faultyProxy');
    await snap(page, 'evaluation-rows');
    proxy.setBroken(false);
    await page.getByRole('button', { name: 'Re-run failed rows' }).click();
    await expect(page.getByText('finished', { exact: true })).toBeVisible({ timeout: 60_000 });
    await page.getByText('Failed or errored (0)').click();
    await page.getByText('All rows (10)').click();
    await expect(rows).toContainText('Rome');

    await page.getByRole('button', { name: 'Save outputs as a test set' }).click();
    await expect(page.getByRole('status')).toContainText('Saved as test set “capitals · outputs of completion v1”');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = readFileSync(file, 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('row_index,repetition,input,correct_answer,output,exact,capitalised,latency,cost,error');
    expect(lines).toHaveLength(11);
    expect(lines[4]).toMatch(/^3,1,Rome,Rome,Rome,true,true,/);
  });

  test('evaluate a sampled model 5 times per row: each row shows its runs and how they agree', async ({ page, stack, api }) => {
    const app = await api.call<{ app_id: string }>('POST', '/apps', { app_name: 'sampled-app' });
    // The mock answers one of the MOCK_SAMPLES choices per call at a temperature above 0; the first is right.
    const variant = await api.call<{ variant_id: string }>('POST', `/apps/${app.app_id}/variant/from-service`, {
      variant_name: 'sampled', url: stack.serviceUrl, parameters: { prompt_template: 'MOCK_SAMPLES: {input}', temperature: 0.9 },
    });
    // Revision 2 decodes greedily: always the first choice, every run alike.
    await api.call('PUT', `/variants/${variant.variant_id}/parameters`, {
      parameters: { prompt_template: 'MOCK_SAMPLES: {input}', temperature: 0 }, commit_message: 'greedy',
    });
    const samples = ['Paris | Paris | Paris', 'Lima | Cusco', 'Rome | Milan | Rome', 'Canberra | Sydney | Melbourne with a long answer that wraps'];
    await api.call('POST', '/testsets', { name: 'sampled capitals', csvdata: samples.map((input) => ({ input, correct_answer: input.split(' | ')[0] })) });
    await api.call('POST', '/evaluators/configs', { app_id: app.app_id, name: 'first choice', evaluator_key: 'auto_exact_match', settings_values: {} });

    await signIn(page, stack.apiKey);
    await page.getByRole('link', { name: 'Evaluations', exact: true }).click();
    await page.getByRole('button', { name: 'New evaluation' }).click();
    await choose(page, 'App', 'sampled-app');
    await choose(page, 'Revisions', 'sampled v1');
    await choose(page, 'Revisions', 'sampled v2');
    await page.keyboard.press('Escape');
    await choose(page, 'Test set', 'sampled capitals (4 rows)');
    await choose(page, 'Ground-truth column', 'correct_answer');
    await choose(page, 'Evaluators', 'first choice (auto_exact_match)');
    await page.keyboard.press('Escape');
    await page.getByLabel('Repetitions').fill('5');
    await expect(page.getByRole('status')).toContainText('About 40 calls to the app (2 revisions × 4 rows × 5 repetitions)');
    await snap(page, 'evaluation-create-repetitions');
    await page.getByRole('button', { name: 'Start evaluation' }).click();
    const list = page.getByRole('table', { name: 'Evaluations' });
    await expect(list.getByRole('row').filter({ hasText: 'sampled capitals' }).filter({ hasText: 'finished' })).toHaveCount(2, { timeout: 60_000 });
    await page.getByRole('checkbox', { name: 'Select sampled v2 on sampled capitals' }).check();
    await page.getByRole('checkbox', { name: 'Select sampled v1 on sampled capitals' }).check();
    await page.getByRole('button', { name: 'Compare selected (2)' }).click();
    const comparison = page.getByRole('table', { name: 'Comparison' });
    // Greedy runs never disagree (sd 0); the sampled ones do on some rows.
    await expect(comparison).toContainText('spread within rows (sd) 0 points');
    await expect(comparison.getByText(/spread within rows \(sd\) [1-9]\d* points/)).toHaveCount(1);
    await snap(page, 'compare-repetitions');
    await page.goto('/ui/evaluations');
    await list.getByRole('link', { name: 'sampled v1' }).click();
    await expect(page.getByRole('heading', { name: 'sampled v1' })).toBeVisible();
    await expect(page.getByText('5 repetitions per row')).toBeVisible();
    const rows = page.getByRole('table', { name: 'Evaluation rows' });
    await expect(page.getByText('All runs (20)')).toBeVisible();
    // Row 1 has one choice: every run answers it and agrees.
    await expect(rows.getByRole('row', { name: 'Row 1: 5 repetitions' })).toContainText('5/5 agree (true)');
    await expect(rows).toContainText('1 · run 5/5');
    await expect(rows.getByRole('row', { name: /^Row \d: 5 repetitions$/ })).toHaveCount(4);
    await snap(page, 'evaluation-repetitions');
  });

  test('a human A/B test judged from the keyboard, with tallies matching the votes', async ({ page, stack }) => {
    await signIn(page, stack.apiKey);
    await page.getByRole('link', { name: 'Human evaluations' }).click();
    await page.getByRole('button', { name: 'New human evaluation' }).click();
    await choose(page, 'App', 'capitals-app');
    await choose(page, 'Test set', 'capitals');
    await choose(page, 'Revision A', 'completion v1');
    await choose(page, 'Revision B', 'completion v2');
    await choose(page, 'Ground-truth column', 'correct_answer');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('10 / 10 generated')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('link', { name: 'Judge' }).click();

    // Plan: the exact output (revision 1) on rows 1–6, both good on 7, both bad on 8, the hedged one (revision 2) on 9–10.
    for (let row = 0; row < 10; row += 1) {
      await expect(page.getByText(`Scenario ${row + 1} of 10`)).toBeVisible();
      const first = (await page.getByRole('article', { name: 'Output 1' }).or(page.getByLabel('Output 1', { exact: true })).first().innerText());
      const exactIsFirst = !first.includes('maybe');
      if (row === 0) {
        await page.keyboard.press('p');
        await expect(page.getByRole('button', { name: 'Pinned' })).toBeVisible();
        await page.keyboard.press('n');
        await page.keyboard.type('checked twice');
        await page.keyboard.press('Escape');
        await page.keyboard.press('ArrowRight');
        await expect(page.getByText('Scenario 2 of 10')).toBeVisible();
        await page.keyboard.press('ArrowLeft');
        await expect(page.getByText('Scenario 1 of 10')).toBeVisible();
        await snap(page, 'judge');
      }
      const key = row < 6 ? (exactIsFirst ? '1' : '2') : row === 6 ? '3' : row === 7 ? '0' : (exactIsFirst ? '2' : '1');
      await page.keyboard.press(key);
      if (row < 9) await expect(page.getByText(`Scenario ${row + 2} of 10`)).toBeVisible();
    }
    await expect(page.getByText('10 judged · 0 left')).toBeVisible();
    await page.getByRole('link', { name: 'See the results' }).click();
    const tallies = page.getByRole('table', { name: 'Tallies' });
    await expect(tallies.getByRole('row', { name: 'completion v1 6 60 %' })).toBeVisible();
    await expect(tallies.getByRole('row', { name: 'completion v2 2 20 %' })).toBeVisible();
    await expect(tallies.getByRole('row', { name: 'Both good 1 10 %' })).toBeVisible();
    await expect(tallies.getByRole('row', { name: 'Both bad 1 10 %' })).toBeVisible();
    await expect(page.getByText('10 of 10 rows judged')).toBeVisible();
    await expect(page.getByText('Agreement with the ground truth: 6 of 8 votes chose the output equal to “correct_answer”.')).toBeVisible();
    await snap(page, 'human-results');
  });
  test('a scoring run on three score configs, judged from the keyboard, with results per config', async ({ page, stack, api }) => {
    await api.call('POST', '/score-configs', { name: 'correctness', data_type: 'numeric', min: 1, max: 5 });
    await api.call('POST', '/score-configs', { name: 'tone', data_type: 'categorical', categories: [{ label: 'curt', value: 0 }, { label: 'kind', value: 1 }] });
    await api.call('POST', '/score-configs', { name: 'safe', data_type: 'boolean' });
    await signIn(page, stack.apiKey);
    await page.getByRole('link', { name: 'Human evaluations' }).click();
    await page.getByRole('button', { name: 'New human evaluation' }).click();
    await page.getByText('Scoring', { exact: true }).click();
    await choose(page, 'App', 'capitals-app');
    await choose(page, 'Test set', 'capitals');
    await choose(page, 'Revision', 'completion v1');
    for (const config of ['correctness (numeric)', 'tone (categorical)', 'safe (boolean)']) await choose(page, 'Score configs', config);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Scoring on 3 configs')).toBeVisible();
    await expect(page.getByText('10 / 10 generated').first()).toBeVisible({ timeout: 60_000 });
    await page.getByRole('row', { name: /Scoring on 3 configs/ }).getByRole('link', { name: 'Judge' }).click();

    // Each row: correctness from its digit key, ↓ to tone (2 = kind), ↓ to safe (y), back up twice, Enter for the next row.
    const configs = page.getByLabel('Score configs');
    for (let row = 0; row < 2; row += 1) {
      await expect(page.getByText(`Scenario ${row + 1} of 10`)).toBeVisible();
      await page.keyboard.press(row === 0 ? '5' : '3');
      await expect(configs.getByRole('button', { name: row === 0 ? '5' : '3', exact: true })).toHaveAttribute('data-variant', 'filled');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press(row === 0 ? '2' : '1');
      await expect(configs.getByRole('button', { name: row === 0 ? '2 · kind' : '1 · curt' })).toHaveAttribute('data-variant', 'filled');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press(row === 0 ? 'y' : 'n');
      await expect(configs.getByRole('button', { name: row === 0 ? 'y · Yes' : 'n · No' })).toHaveAttribute('data-variant', 'filled');
      if (row === 0) await snap(page, 'judge-score-configs');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
    }
    await expect(page.getByText('2 judged · 8 left')).toBeVisible();
    await page.goto(page.url().replace(/judge$/, 'results'));
    const results = page.getByRole('table', { name: 'Results per score config' });
    await expect(results.getByRole('row', { name: 'correctness numeric 2 4.00 –' })).toBeVisible();
    await expect(results.getByRole('row', { name: 'tone categorical 2 0.50 curt: 1 · kind: 1' })).toBeVisible();
    await expect(results.getByRole('row', { name: 'safe boolean 2 50 % yes true: 1 · false: 1' })).toBeVisible();
    await snap(page, 'human-results-score-configs');
  });
});
