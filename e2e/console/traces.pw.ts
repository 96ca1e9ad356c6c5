import { randomUUID } from 'node:crypto';
import { expect, signIn, snapBothSizes, test } from './support/console-test';

/** An SDK-shaped trace: a workflow root and an llm child, `minutesAgo` before now. */
function trace(appId: string, environment: string, question: string, minutesAgo: number, failed = false) {
  const start = new Date(Date.now() - minutesAgo * 60_000);
  const at = (ms: number) => new Date(start.getTime() + ms).toISOString();
  const traceId = randomUUID();
  const tokens = { prompt: 20, completion: 5, total: 25 };
  return {
    trace_id: traceId, latency_ms: 180, cost: 0.0004, tokens, app_id: appId, environment, route: '/',
    inputs: { question }, output: failed ? null : `answer to ${question}`,
    spans: [
      { span_id: `${traceId}-root`, parent_span_id: null, name: 'answer', kind: 'workflow', status: failed ? 'error' : 'ok',
        start_time: at(0), end_time: at(180), latency_ms: 180, inputs: { question }, tokens, cost: 0.0004,
        ...(failed ? { error: { message: 'the model timed out' } } : { outputs: `answer to ${question}` }) },
      { span_id: `${traceId}-retrieve`, parent_span_id: `${traceId}-root`, name: 'retrieve', kind: 'task', status: 'ok',
        start_time: at(5), end_time: at(45), latency_ms: 40, inputs: { question }, outputs: ['doc 1', 'doc 2'] },
      { span_id: `${traceId}-llm`, parent_span_id: `${traceId}-root`, name: 'llm.chat', kind: 'llm', status: 'ok',
        start_time: at(50), end_time: at(170), latency_ms: 120, model: 'gpt-4o-mini', tokens, cost: 0.0004 },
    ],
  };
}

test('traces: list with filters and search, a trace as a waterfall, metrics per environment', async ({ page, stack, api }) => {
  const app = await api.call<{ app_id: string }>('POST', '/apps', { app_name: `traced-${Date.now()}` });
  await api.call('POST', '/traces', { traces: [
    trace(app.app_id, 'production', 'What is the capital of France?', 3),
    trace(app.app_id, 'production', 'How tall is the Eiffel tower?', 2),
    trace(app.app_id, 'staging', 'Who wrote Les Misérables?', 1, true),
  ] });

  await signIn(page, stack.apiKey);
  await page.goto(`/ui/apps/${app.app_id}/traces`);
  const table = page.getByRole('table', { name: 'Traces' });
  await expect(table.getByRole('row')).toHaveCount(4); // header + 3
  await expect(page.getByRole('figure', { name: 'Calls per environment' })).toBeVisible();
  await snapBothSizes(page, 'traces');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'error' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Les Misérables');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'error' }).click(); // deselects
  await expect(table.getByRole('row')).toHaveCount(4);

  await page.getByLabel('Search inputs and outputs').fill('eiffel');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: 'answer' }).click();

  const drawer = page.getByRole('dialog', { name: 'Trace' });
  await expect(drawer.getByRole('tree', { name: 'Spans' })).toBeVisible();
  await expect(drawer).toContainText('25 tokens');
  await drawer.getByRole('button', { name: 'Expand retrieve' }).click();
  await expect(drawer).toContainText('doc 2');
  await expect(drawer.getByRole('treeitem', { name: 'llm.chat' })).toContainText('gpt-4o-mini');
  await snapBothSizes(page, 'trace-waterfall');

  // An evaluation row links to /apps/{app}/traces?trace={id}: the trace opens at once.
  const [failed] = await api.call<Array<{ trace_id: string }>>('GET', `/traces?app_id=${app.app_id}&status=error`);
  await page.goto(`/ui/apps/${app.app_id}/traces?trace=${failed!.trace_id}`);
  await expect(page.getByRole('dialog', { name: 'Trace' })).toContainText('the model timed out');
});
