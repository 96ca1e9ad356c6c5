import { expect, signIn, snapBothSizes, test } from './support/console-test';

const ROWS = ['Paris', 'Rome', 'Oslo', 'Lima'].map((city) => ({ city, correct_answer: city }));

/** Evaluations a test process uploaded with the SDK's evaluate() (POST /evaluations/upload), as the console shows them. */
test('an evaluation uploaded by the SDK is marked as such and offers no re-run', async ({ page, stack, api }) => {
  const app = await api.call<{ app_id: string }>('POST', '/apps', { app_name: 'sdk-experiments' });
  await api.call('POST', `/apps/${app.app_id}/variant/from-service`, { variant_name: 'agent-with-a-rather-long-variant-name', url: stack.serviceUrl, parameters: {} });
  const testset = await api.call<{ id: string }>('POST', '/testsets', { name: 'cities', csvdata: ROWS, app_id: app.app_id });
  const upload = (scenarios: unknown[]) => api.call<{ id: string }>('POST', '/evaluations/upload', { app_id: app.app_id, testset_id: testset.id, scenarios });
  await upload(ROWS.map((row, i) => ({ row_index: i, output: row.city, scores: { exact: true, brevity: 0.9 }, latency: 0.01 })));
  const withFailure = await upload(ROWS.map((row, i) => (i === 1
    ? { row_index: i, output: null, error: { message: 'the agent is down' }, latency: 0.02 }
    : { row_index: i, output: row.city.toUpperCase(), scores: { exact: false, brevity: 0.8 }, latency: 0.01 })));

  await signIn(page, stack.apiKey);
  await page.getByRole('link', { name: 'Evaluations', exact: true }).click();
  const rows = page.getByRole('table', { name: 'Evaluations' }).getByRole('row').filter({ hasText: 'cities' });
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row.getByText('SDK', { exact: true })).toBeVisible();
  const failedRow = rows.filter({ hasText: 'finished with errors' });
  await expect(failedRow).toContainText('exact: 0.00');
  // Crucible cannot invoke a test process's task: no re-run for its failed rows.
  await expect(failedRow.getByRole('button', { name: 'Re-run failed' })).toHaveCount(0);
  await snapBothSizes(page, 'sdk-evaluations');

  await page.goto(`/ui/evaluations/${withFailure.id}`);
  await expect(page.getByText('SDK', { exact: true })).toBeVisible();
  await expect(page.getByText('the agent is down', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Re-run failed rows' })).toHaveCount(0);
  await snapBothSizes(page, 'sdk-evaluation');
});
