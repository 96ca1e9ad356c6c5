import { randomUUID } from 'node:crypto';
import { expect, signIn, snapBothSizes, test } from './support/console-test';

const SESSION = `support-chat-2026-11-28-with-a-rather-long-identifier-${Date.now()}`;

/** An SDK-shaped trace of one turn, `minutesAgo` before now, in `session` when given. */
function turn(appId: string, question: string, answer: string, minutesAgo: number, session?: string) {
  const start = new Date(Date.now() - minutesAgo * 60_000);
  const end = new Date(start.getTime() + 1400).toISOString();
  const traceId = randomUUID();
  const tokens = { prompt: 40, completion: 12, total: 52 };
  return {
    trace_id: traceId, latency_ms: 1400, cost: 0.0012, tokens, app_id: appId, environment: 'production', route: '/chat',
    ...(session ? { session_id: session, user_id: 'ada@example.com' } : {}),
    inputs: { question }, output: answer,
    spans: [{ span_id: `${traceId}-root`, parent_span_id: null, name: 'chat', kind: 'workflow', status: 'ok', start_time: start.toISOString(),
      end_time: end, latency_ms: 1400, inputs: { question }, outputs: answer, tokens, cost: 0.0012 }],
  };
}

test('sessions: traces to a test set from the traces page, a session read as a conversation', async ({ page, stack, api }) => {
  const app = await api.call<{ app_id: string }>('POST', '/apps', { app_name: `chat-${Date.now()}` });
  await api.call('POST', '/traces', { traces: [
    turn(app.app_id, 'Hi, my order #1182 has not arrived.', 'Sorry to hear that! Let me check order #1182 for you.', 6, SESSION),
    turn(app.app_id, 'It was due on Monday.', 'It left our warehouse on Tuesday: it should arrive tomorrow. Here is the tracking link: https://example.com/track/1182', 5, SESSION),
    turn(app.app_id, 'Thanks!', 'You are welcome. Anything else?', 4, SESSION),
    turn(app.app_id, 'What are your opening hours?', 'We are open 9 to 5, Monday to Friday.', 2),
  ] });

  await signIn(page, stack.apiKey);
  await page.goto(`/ui/apps/${app.app_id}/traces`);
  const table = page.getByRole('table', { name: 'Traces' });
  await expect(table.getByRole('row')).toHaveCount(5, { timeout: 60_000 }); // the first visit loads the page's chunks and charts

  // Two traces become rows of a new test set; the mapping starts from their inputs and output.
  await table.getByRole('row').filter({ hasText: 'opening hours' }).getByRole('checkbox').check();
  await table.getByRole('row').filter({ hasText: 'order #1182 has not' }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Add to test set' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add 2 traces to a test set' });
  await expect(dialog.getByRole('textbox', { name: 'Column 1', exact: true })).toHaveValue('question');
  await expect(dialog.getByRole('combobox', { name: 'Source of column 1' })).toHaveValue('inputs.question');
  await expect(dialog.getByRole('textbox', { name: 'Column 2', exact: true })).toHaveValue('correct_answer');
  await expect(dialog.getByRole('combobox', { name: 'Source of column 2' })).toHaveValue('output');
  const name = `support questions ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await snapBothSizes(page, 'traces-add-to-testset');
  await dialog.getByRole('button', { name: 'Add rows' }).click();
  await expect(dialog).toBeHidden();
  const sets = await api.call<Array<{ id: string; name: string }>>('GET', '/testsets');
  const created = sets.find((set) => set.name === name)!;
  const testset = await api.call<{ csvdata: Array<Record<string, unknown>> }>('GET', `/testsets/${created.id}`);
  expect(testset.csvdata.map((row) => row['question']).sort()).toEqual(['Hi, my order #1182 has not arrived.', 'What are your opening hours?']);
  expect(testset.csvdata.every((row) => typeof row['trace_id'] === 'string')).toBe(true);

  // A bad source is refused with the api's words, in the dialog.
  await table.getByRole('row').filter({ hasText: 'Thanks!' }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Add to test set' }).click();
  const again = page.getByRole('dialog', { name: 'Add 1 trace to a test set' });
  await again.getByRole('textbox', { name: 'Name' }).fill(`${name} 2`);
  await again.getByRole('combobox', { name: 'Source of column 2' }).fill('outputs');
  await again.getByRole('button', { name: 'Add rows' }).click();
  await expect(again.getByRole('alert')).toContainText('"outputs" is not');
  await again.getByRole('button', { name: 'Cancel' }).click();

  // From a trace of the session to the conversation.
  await table.getByRole('row').filter({ hasText: 'Thanks!' }).getByRole('button', { name: 'chat' }).click();
  const drawer = page.getByRole('dialog', { name: 'Trace' });
  await drawer.getByRole('link', { name: SESSION }).click();
  await expect(page.getByRole('heading', { name: `Session ${SESSION}` })).toBeVisible();
  const turns = page.getByRole('article');
  await expect(turns).toHaveCount(3);
  await expect(turns.first()).toContainText('order #1182 has not arrived');
  await expect(turns.last()).toContainText('Anything else?');
  await expect(page.getByText('3 turns')).toContainText('156 tokens');
  await snapBothSizes(page, 'session');

  await page.getByRole('link', { name: 'All sessions of this app' }).click();
  const sessions = page.getByRole('table', { name: 'Sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await expect(sessions).toContainText('156');
  await snapBothSizes(page, 'sessions');
});
