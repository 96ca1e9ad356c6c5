import { expect as pollExpect } from '@playwright/test';
import { type ApiCaller, expect, signIn, snapBothSizes, test } from './support/console-test';

const rowOf = (city: string, answer = city) => ({ input: city, correct_answer: answer });
const VERSION_1 = ['Paris', 'Berlin', 'Madrid', 'Rome'].map((city) => rowOf(city));
// Moved rows, Madrid's ground truth changed in place, Lisbon added.
const VERSION_2 = [rowOf('Rome'), rowOf('Berlin'), rowOf('Madrid', 'Madrid, Spain'), rowOf('Paris'), rowOf('Lisbon')];

async function evaluate(api: ApiCaller, setup: { appId: string; revisionId: string; configId: string; testsetId: string }): Promise<string> {
  const [evaluation] = await api.call<Array<{ id: string }>>('POST', '/evaluations', {
    app_id: setup.appId, revisions_ids: [setup.revisionId], evaluators_configs: [setup.configId], testset_id: setup.testsetId,
    rate_limit: { batch_size: 5, max_retries: 0, retry_delay: 0, delay_between_batches: 0 }, correct_answer_column: 'correct_answer',
  });
  await pollExpect.poll(async () => (await api.call<{ status: { value: string } }>('GET', `/evaluations/${evaluation!.id}/status`)).status.value, {
    timeout: 60_000,
  }).toBe('EVALUATION_FINISHED');
  return evaluation!.id;
}

test('a test set edited between two evaluations: its versions, their diff, and each evaluation\'s version', async ({ page, stack, api }) => {
  const app = await api.call<{ app_id: string }>('POST', '/apps', { app_name: `versions-${Date.now()}` });
  const variant = await api.call<{ variant_id: string }>('POST', `/apps/${app.app_id}/variant/from-service`, {
    variant_name: 'completion', url: stack.serviceUrl, parameters: { prompt_template: 'MOCK_REPLY: {input}' },
  });
  const [revision] = await api.call<Array<{ id: string }>>('GET', `/variants/${variant.variant_id}/revisions`);
  const config = await api.call<{ id: string }>('POST', '/evaluators/configs', {
    app_id: app.app_id, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {},
  });
  const testset = await api.call<{ id: string }>('POST', '/testsets', { name: `capitals, versioned ${Date.now()}`, csvdata: VERSION_1, app_id: app.app_id });
  const setup = { appId: app.app_id, revisionId: revision!.id, configId: config.id, testsetId: testset.id };
  const before = await evaluate(api, setup);
  await api.call('PUT', `/testsets/${testset.id}`, { csvdata: VERSION_2 });
  const after = await evaluate(api, setup);

  await signIn(page, stack.apiKey);
  await page.goto(`/ui/testsets/${testset.id}`);
  await expect(page.getByLabel('current version')).toHaveText('version 2');
  const versions = page.getByRole('table', { name: 'Versions' });
  await expect(versions.getByRole('row')).toHaveCount(3);
  await expect(versions).toContainText('rows edited');
  await expect(page.getByRole('status').filter({ hasText: 'added' })).toHaveText('1 added · 0 removed · 1 changed · 3 unchanged');
  const changes = page.getByLabel('Changes from version 1 to version 2');
  await expect(changes).toContainText('correct_answer: Madrid, Spain');
  await expect(changes).toContainText('input: Lisbon');
  await snapBothSizes(page, 'testset-versions');

  // An edit in the console makes the next version; the diff follows the pick.
  await page.getByRole('button', { name: 'Edit row 5' }).click();
  await page.getByRole('dialog').getByLabel('correct_answer').fill('Lisboa');
  await page.getByRole('button', { name: 'Save row' }).click();
  await expect(page.getByLabel('current version')).toHaveText('version 3');
  await expect(versions.getByRole('row')).toHaveCount(4);
  const pick = async (label: string, option: string) => {
    await page.getByRole('combobox', { name: label, exact: true }).or(page.getByRole('textbox', { name: label, exact: true })).first().click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await pick('from', 'version 1');
  await pick('to', 'version 3');
  await expect(page.getByLabel('Changes from version 1 to version 3')).toContainText('correct_answer: Lisboa');

  await page.goto(`/ui/evaluations/${before}`);
  await expect(page.getByText('· version 1')).toBeVisible();
  await snapBothSizes(page, 'evaluation-testset-version');
  await page.goto(`/ui/evaluations/${after}`);
  await expect(page.getByText('· version 2')).toBeVisible();

  await page.goto(`/ui/evaluations/compare?ids=${before},${after}`);
  await expect(page.getByRole('alert').first()).toContainText('version 1');
  // Its state lives in the address (shareable): it shows checked once the navigation it makes is done.
  const acrossVersions = page.getByRole('checkbox', { name: 'allow_different_versions' });
  await acrossVersions.click();
  await expect(acrossVersions).toBeChecked();
  await expect(page.getByRole('region', { name: 'Verdicts' })).toBeVisible();
  await expect(page.getByText('these ran on versions 1 and 2')).toBeVisible();
  await snapBothSizes(page, 'compare-across-versions');
});
