import { randomUUID } from 'node:crypto';
import { expect, signIn, snapBothSizes, test } from './support/console-test';

/** An SDK-shaped trace of a workflow root and an llm child, `minutesAgo` before now. */
function trace(appId: string, question: string, minutesAgo: number) {
  const start = new Date(Date.now() - minutesAgo * 60_000);
  const at = (ms: number) => new Date(start.getTime() + ms).toISOString();
  const traceId = randomUUID();
  return {
    trace_id: traceId, latency_ms: 120, cost: 0.0002, tokens: { prompt: 10, completion: 4, total: 14 }, app_id: appId, environment: 'production',
    route: '/', inputs: { question }, output: `answer to ${question}`,
    spans: [
      { span_id: `${traceId}-root`, parent_span_id: null, name: 'answer', kind: 'workflow', status: 'ok', start_time: at(0), end_time: at(120),
        latency_ms: 120, inputs: { question }, outputs: `answer to ${question}` },
      { span_id: `${traceId}-llm`, parent_span_id: `${traceId}-root`, name: 'llm.chat', kind: 'llm', status: 'ok', start_time: at(10),
        end_time: at(110), latency_ms: 100, model: 'gpt-4o-mini' },
    ],
  };
}

test('scores: a trace shows its scores, the list filters by a score, the chart shows each score\'s mean', async ({ page, stack, api }) => {
  test.slow(); // two pages of screenshots at both sizes, and four traces' worth of setup
  const app = await api.call<{ app_id: string }>('POST', '/apps', { app_name: `scored-${Date.now()}` });
  const traces = [trace(app.app_id, 'What is the capital of France?', 4), trace(app.app_id, 'How tall is the Eiffel tower?', 3),
    trace(app.app_id, 'Who wrote Les Misérables?', 2), trace(app.app_id, 'Nobody scored this one', 1)];
  await api.call('POST', '/traces', { traces });
  const suffix = Date.now().toString(36);
  const helpfulness = `helpfulness-${suffix}`;
  const tone = `tone-${suffix}`;
  await api.call('POST', '/score-configs', { name: helpfulness, data_type: 'numeric', min: 1, max: 5 });
  await api.call('POST', '/score-configs', { name: tone, data_type: 'categorical', categories: [{ label: 'curt', value: 0 }, { label: 'warm', value: 1 }] });
  const [france, eiffel, hugo] = traces.map((t) => t.trace_id);
  await api.call('POST', '/scores', { trace_id: france, name: helpfulness, value: 5, comment: 'Exactly right, and it names the source.' });
  await api.call('POST', '/scores', { trace_id: france, name: tone, string_value: 'warm' });
  await api.call('POST', '/scores', {
    trace_id: france, span_id: `${france}-llm`, name: 'reviewer-note', string_value: 'The model answered before retrieval finished; '
      + 'a long note that has to wrap on a phone without pushing the page sideways.',
  });
  await api.call('POST', '/scores', { trace_id: eiffel, name: helpfulness, value: 2 });
  await api.call('POST', '/scores', { trace_id: hugo, name: 'thumbs_up', value: true });

  await signIn(page, stack.apiKey);
  await page.goto(`/ui/apps/${app.app_id}/traces`);
  const table = page.getByRole('table', { name: 'Traces' });
  // The first load of the page's chunks may be slow on a busy machine; everything after it is in the page already.
  await expect(table.getByRole('row')).toHaveCount(5, { timeout: 60_000 }); // header + 4
  const means = page.getByRole('figure', { name: 'Mean scores' });
  await expect(means).toBeVisible();
  await expect(means).toContainText(helpfulness);
  await expect(means).toContainText('thumbs_up');

  // Traces with a helpfulness score, then only those scored at least 4.
  await page.getByRole('combobox', { name: 'Scored' }).click();
  await page.getByRole('option', { name: helpfulness }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Score at least' }).fill('4');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('capital of France');
  await snapBothSizes(page, 'traces-scored');

  await table.getByRole('button', { name: 'answer' }).click();
  const drawer = page.getByRole('dialog', { name: 'Trace' });
  const scores = drawer.getByRole('list', { name: 'Scores' });
  await expect(scores.getByRole('listitem')).toHaveCount(3);
  await expect(scores.getByRole('listitem', { name: `${helpfulness}: 5` })).toContainText('Exactly right, and it names the source.');
  await expect(scores.getByRole('listitem', { name: `${tone}: warm (1)` })).toBeVisible();
  await expect(scores.getByRole('listitem', { name: /^reviewer-note/ })).toContainText('span llm.chat');
  await snapBothSizes(page, 'trace-scores');

  // A boolean reads as yes or no; a trace nobody scored says so.
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Score at least' }).fill('');
  await page.getByRole('combobox', { name: 'Scored' }).click();
  await page.getByRole('option', { name: helpfulness }).click(); // deselects
  await expect(table.getByRole('row')).toHaveCount(5);
  await table.getByRole('row').filter({ hasText: 'Les Misérables' }).getByRole('button', { name: 'answer' }).click();
  await expect(drawer.getByRole('listitem', { name: 'thumbs_up: yes' })).toBeVisible();
  await page.keyboard.press('Escape');
  await table.getByRole('row').filter({ hasText: 'Nobody scored this one' }).getByRole('button', { name: 'answer' }).click();
  await expect(drawer).toContainText('No scores yet');
});

test('score configs: created from Settings, refused in words when they do not fit, archived and restored', async ({ page, stack }) => {
  const suffix = Date.now().toString(36);
  await signIn(page, stack.apiKey);
  await page.getByRole('link', { name: 'Score configs' }).click();
  const form = page.getByRole('region', { name: 'New score config' });
  await page.getByRole('button', { name: 'New score config' }).click();
  await form.getByLabel('Name').fill(`stars-${suffix}`);
  await form.getByRole('textbox', { name: 'Minimum' }).fill('5');
  await form.getByRole('textbox', { name: 'Maximum' }).fill('1');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByRole('alert')).toContainText('max: must be greater than min (5)');
  await form.getByRole('textbox', { name: 'Minimum' }).fill('1');
  await form.getByRole('textbox', { name: 'Maximum' }).fill('5');
  await form.getByRole('button', { name: 'Create' }).click();
  const table = page.getByRole('table', { name: 'Score configs' });
  await expect(table.getByRole('row', { name: new RegExp(`stars-${suffix} Number 1 to 5`) })).toBeVisible();

  await page.getByRole('button', { name: 'New score config' }).click();
  await form.getByLabel('Name').fill(`tone-of-a-rather-long-named-config-${suffix}`);
  await form.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Category' }).click();
  await form.getByLabel('Categories').fill('curt=0\nneutral=1\nwarm=2');
  await form.getByRole('button', { name: 'Create' }).click();
  const tone = table.getByRole('row', { name: new RegExp(`tone-of-a-rather-long-named-config-${suffix}`) });
  await expect(tone).toContainText('curt = 0 · neutral = 1 · warm = 2');
  await tone.getByRole('button', { name: 'Archive' }).click();
  await expect(tone).toContainText('archived');
  await snapBothSizes(page, 'score-configs');
  await tone.getByRole('button', { name: 'Restore' }).click();
  await expect(tone).not.toContainText('archived');
});
