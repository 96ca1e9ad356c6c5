import { randomUUID } from 'node:crypto';
import { expect, signIn, snapBothSizes, test } from './support/console-test';

function trace(appId: string, question: string, minutesAgo: number) {
  const start = new Date(Date.now() - minutesAgo * 60_000);
  const at = (ms: number) => new Date(start.getTime() + ms).toISOString();
  const traceId = randomUUID();
  const tokens = { prompt: 20, completion: 5, total: 25 };
  return {
    trace_id: traceId, latency_ms: 180, cost: 0.0004, tokens, app_id: appId, environment: 'production', route: '/',
    inputs: { question }, output: `answer to ${question}`,
    spans: [
      { span_id: `${traceId}-root`, parent_span_id: null, name: 'answer', kind: 'workflow', status: 'ok', start_time: at(0), end_time: at(180),
        latency_ms: 180, inputs: { question }, outputs: `answer to ${question}`, tokens, cost: 0.0004 },
      { span_id: `${traceId}-llm`, parent_span_id: `${traceId}-root`, name: 'llm.chat', kind: 'llm', status: 'ok', start_time: at(10),
        end_time: at(170), latency_ms: 160, model: 'gpt-4o-mini', tokens, cost: 0.0004 },
    ],
  };
}

interface Score { trace_id: string; name: string; value: number | null; string_value: string | null; source: string }

test('annotation queues: a queue from score configs, traces added from the Traces page, five annotated from the keyboard alone', async ({ page, stack, api }) => {
  // Five items, each pictured or checked on the way, on a machine shared with other suites: more than the default 90 s.
  test.setTimeout(300_000);
  const suffix = Date.now();
  const app = await api.call<{ app_id: string }>('POST', '/apps', { app_name: `annotated-${suffix}` });
  const questions = ['Where is Lyon?', 'How old is the Louvre?', 'Who painted the Mona Lisa?', 'What is a croissant?', 'Is Paris in France?'];
  const traces = questions.map((question, i) => trace(app.app_id, question, 5 - i));
  await api.call('POST', '/traces', { traces });
  const configs = [
    { name: `stars-${suffix}`, data_type: 'numeric', min: 1, max: 5, description: 'How good is the answer?' },
    { name: `tone-${suffix}`, data_type: 'categorical', categories: [{ label: 'polite', value: 1 }, { label: 'rude', value: 0 }] },
    { name: `helpful-${suffix}`, data_type: 'boolean' },
    { name: `note-${suffix}`, data_type: 'text' },
  ];
  for (const config of configs) await api.call('POST', '/score-configs', config);

  await signIn(page, stack.apiKey);
  await page.getByRole('link', { name: 'Annotation queues' }).click();
  await page.getByRole('button', { name: 'New queue' }).click();
  const form = page.getByRole('region', { name: 'New annotation queue' });
  await form.getByLabel('Name').fill(`Support answers ${suffix}`);
  const rubric = form.getByRole('textbox', { name: 'Score configs' }).or(form.getByRole('combobox', { name: 'Score configs' }));
  for (const config of configs) {
    await rubric.click();
    await page.getByRole('option', { name: `${config.name} (${config.data_type})` }).click();
  }
  await page.keyboard.press('Escape');
  await form.getByLabel('Description').fill('Is the answer right, polite and helpful?');
  await form.getByRole('button', { name: 'Create' }).click();
  const queueLink = page.getByRole('table', { name: 'Annotation queues' }).getByRole('link', { name: `Support answers ${suffix}` });
  await expect(queueLink).toBeVisible();
  await snapBothSizes(page, 'annotation-queues');

  // Select the five traces on the app's Traces page and add them to the queue.
  await page.goto(`/ui/apps/${app.app_id}/traces`);
  const table = page.getByRole('table', { name: 'Traces' });
  await expect(table.getByRole('row')).toHaveCount(6);
  await table.getByRole('checkbox', { name: 'Select every trace shown' }).check();
  const selection = page.getByRole('region', { name: 'Selected traces' });
  await expect(selection).toContainText('5 selected');
  await selection.getByRole('combobox', { name: 'Annotation queue' }).or(selection.getByRole('textbox', { name: 'Annotation queue' })).click();
  await page.getByRole('option', { name: `Support answers ${suffix}` }).click();
  await selection.getByRole('button', { name: 'Add to queue' }).click();
  await expect(selection.getByRole('status')).toContainText('5 added');
  await snapBothSizes(page, 'traces-add-to-queue');
  // Again: nothing is added twice.
  await selection.getByRole('button', { name: 'Add to queue' }).click();
  await expect(selection.getByRole('status')).toContainText('0 added, 5 already there');

  await page.goto('/ui/annotation-queues');
  await page.getByRole('link', { name: `Support answers ${suffix}` }).click();
  await expect(page.getByLabel('Items')).toHaveText('5');
  await page.getByRole('link', { name: 'Start annotating' }).click();

  // From here on, the keyboard alone: skip the first item once, then answer five.
  const progress = page.getByText(/\d+ of 5 done/);
  await expect(progress).toHaveText('0 of 5 done');
  const shownInput = page.getByLabel('Input', { exact: true });
  const shownQuestion = async () => {
    await expect(shownInput).toContainText('question:');
    return (await shownInput.innerText()).replace(/^Input\s*question:\s*/, '').trim();
  };
  const skipped = await shownQuestion();
  await page.keyboard.press('s');
  await expect(shownInput).not.toContainText(skipped);
  const answered: string[] = [];
  for (let n = 0; n < 5; n++) {
    const question = await shownQuestion();
    answered.push(question);
    await expect(page.getByRole('tree', { name: 'Spans' })).toBeVisible();
    await page.keyboard.press(String(n + 1));
    await page.keyboard.press(n % 2 === 0 ? 'p' : 'r');
    await page.keyboard.press(n % 2 === 0 ? 'y' : 'n');
    await expect(page.getByRole('textbox', { name: configs[3]!.name })).toBeFocused();
    await page.keyboard.type(`note ${n}`);
    if (n === 0) await snapBothSizes(page, 'annotate');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect(progress).toHaveText(`${n + 1} of 5 done`);
  }
  // The skipped item waited at the back of the queue; every trace was answered once.
  expect(answered[4]).toBe(skipped);
  expect([...answered].sort()).toEqual([...questions].sort());
  await expect(page.getByRole('status')).toContainText('Nothing left for you here');

  const scores = await api.call<Score[]>('GET', `/scores?source=annotation&name=stars-${suffix}`);
  const starsByTrace = Object.fromEntries(scores.map((score) => [score.trace_id, score.value]));
  const traceOf = (question: string) => traces[questions.indexOf(question)]!.trace_id;
  expect(answered.map((question) => starsByTrace[traceOf(question)])).toEqual([1, 2, 3, 4, 5]);
  const notes = await api.call<Score[]>('GET', `/scores?source=annotation&name=note-${suffix}`);
  expect(notes.map((score) => score.string_value).sort()).toEqual(['note 0', 'note 1', 'note 2', 'note 3', 'note 4']);
  const tones = await api.call<Score[]>('GET', `/scores?source=annotation&name=tone-${suffix}`);
  expect(tones.filter((score) => score.string_value === 'polite')).toHaveLength(3);

  await page.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(page.getByLabel('Done', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Annotators' })).toContainText('5');
  await expect(page.getByRole('link', { name: 'All done' })).toBeVisible();
  await snapBothSizes(page, 'annotation-queue');
});
