import { randomUUID } from 'node:crypto';
import { chooseIn, expect, signIn, snapBothSizes, test } from './support/console-test';

// Runs after evaluations.pw.ts and before prompt-walkthrough.pw.ts: it adds an app, an app-scoped evaluator config
// named apart from the walkthrough's "exact" and a rule over that app only, so no later spec sees a difference.

/** A trace of the app that answered `output`, started `minutesAgo` before now. */
function trace(appId: string, output: string, minutesAgo: number) {
  const start = new Date(Date.now() - minutesAgo * 60_000);
  const end = new Date(start.getTime() + 80).toISOString();
  const traceId = `live-${randomUUID()}`;
  return {
    trace_id: traceId, latency_ms: 80, cost: 0, tokens: { prompt: 5, completion: 3, total: 8 }, app_id: appId, environment: 'production',
    route: '/chat', inputs: { question: `question for ${output}` }, output,
    spans: [{ span_id: `${traceId}-root`, parent_span_id: null, name: 'chat', kind: 'workflow', status: 'ok', start_time: start.toISOString(), end_time: end, latency_ms: 80 }],
  };
}

/** `YYYY-MM-DDTHH:mm` in local time, what a datetime-local input takes. */
function localInput(date: Date): string {
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

test('online evaluation: a rule scores live traces, logs what it did, pauses, resumes and backfills older traces', async ({ page, stack, api }) => {
  test.slow(); // the runner drains every 500 ms and the pages refresh every 3 s; screenshots at two sizes of four screens
  const suffix = Date.now().toString(36);
  const app = await api.call<{ app_id: string }>('POST', '/apps', { app_name: `live-support-${suffix}` });
  const configName = `says-answer-${suffix}`;
  await api.call('POST', '/evaluators/configs', {
    app_id: app.app_id, name: configName, evaluator_key: 'auto_regex_test', settings_values: { regex_pattern: '^answer' },
  });
  // Older traffic, there before the rule: only a backfill over their hour reaches them.
  await api.call('POST', '/traces', { traces: [trace(app.app_id, 'answer from the past', 180), trace(app.app_id, 'answer from long ago', 175)] });

  await signIn(page, stack.apiKey);
  await page.getByLabel('Main navigation').getByRole('link', { name: 'Online evaluation' }).click();
  await expect(page.getByRole('heading', { name: 'Online evaluation' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('No online evaluation rules yet')).toBeVisible();

  const ruleName = `helpfulness of the support bot on production traffic, with a rather long name that has to wrap ${suffix}`;
  await page.getByRole('button', { name: 'New rule' }).click();
  const form = page.getByRole('region', { name: 'New online evaluation' });
  await form.getByLabel('Name').fill(ruleName);
  await chooseIn(page, 'App', `live-support-${suffix}`);
  await chooseIn(page, 'Evaluator config', `${configName} (auto_regex_test)`);
  await form.getByRole('combobox', { name: 'Environment' }).fill('production');
  await page.keyboard.press('Escape');
  await snapBothSizes(page, 'online-evaluation-new');
  await form.getByRole('button', { name: 'Create' }).click();

  // The rule's page: active, nothing seen yet.
  await expect(page.getByRole('heading', { name: ruleName })).toBeVisible();
  await expect(page.getByText('No traces seen yet')).toBeVisible();
  const counts = page.getByRole('list', { name: 'Executions per state' });

  // Live traffic: two good answers and one that is not; each is scored and the log fills.
  const live = [trace(app.app_id, 'answer: reset it from settings', 1), trace(app.app_id, 'answer: yes', 1), trace(app.app_id, 'I do not know', 1)];
  await api.call('POST', '/traces', { traces: live });
  const log = page.getByRole('table', { name: 'Executions' });
  await expect(log.getByRole('row')).toHaveCount(4, { timeout: 30_000 }); // header + 3
  await expect(counts).toContainText('3 completed', { timeout: 30_000 });
  await expect(log.getByRole('cell', { name: 'completed', exact: true })).toHaveCount(3);

  // Pause: traces arriving meanwhile are skipped, saying so; the rule says who paused it.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rule' })).toContainText(/paused by .+ at \d{4}-/);
  await api.call('POST', '/traces', { traces: [trace(app.app_id, 'answer while paused', 0), trace(app.app_id, 'answer while still paused', 0)] });
  await expect(counts).toContainText('2 skipped', { timeout: 30_000 });
  await page.getByLabel('Show executions').getByText('skipped', { exact: true }).click();
  await expect(log.getByRole('row')).toHaveCount(3); // header + 2
  await expect(log.getByRole('cell', { name: 'paused', exact: true })).toHaveCount(2);
  await snapBothSizes(page, 'online-evaluation-paused');

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rule' })).not.toContainText('paused by');

  // Backfill the hour of the older traffic: both traces join the log and are scored.
  const backfill = page.getByRole('region', { name: 'Backfill' });
  await backfill.getByLabel('From').fill(localInput(new Date(Date.now() - 4 * 3_600_000)));
  await backfill.getByLabel('To (not included)').fill(localInput(new Date(Date.now() - 2 * 3_600_000)));
  await backfill.getByRole('button', { name: 'Backfill' }).click();
  await expect(backfill.getByRole('status')).toContainText('2 traces of the app in that range joined the log.');
  await expect(counts).toContainText('5 completed', { timeout: 30_000 });
  await page.getByLabel('Show executions').getByText('All', { exact: true }).click();
  await expect(log.getByRole('row')).toHaveCount(8); // header + 3 live + 2 paused + 2 backfilled
  await snapBothSizes(page, 'online-evaluation-rule');

  // Each execution opens its trace, where the score says which rule gave it.
  await log.getByRole('link', { name: live[2]!.trace_id }).click();
  const score = page.getByRole('list', { name: 'Scores' }).getByRole('listitem', { name: `${configName}: no` });
  await expect(score).toContainText('online evaluation · rule');
  await snapBothSizes(page, 'online-evaluation-trace');
  await score.getByRole('link', { name: ruleName }).click();
  await expect(page.getByRole('heading', { name: ruleName })).toBeVisible();

  // The list: the rule with its app, evaluator, sampling, state and counts.
  await page.getByRole('link', { name: '← Online evaluation' }).click();
  const rules = page.getByRole('table', { name: 'Online evaluation rules' });
  const row = rules.getByRole('row').filter({ hasText: ruleName });
  await expect(row).toContainText(`live-support-${suffix}`);
  await expect(row).toContainText(configName);
  await expect(row).toContainText('100 %');
  await expect(row).toContainText('active');
  await expect(row).toContainText('5 completed');
  await expect(row).toContainText('2 skipped');
  await snapBothSizes(page, 'online-evaluations');
});
