import { expect, signIn, snapBothSizes, test } from './support/console-test';

// The walk-through, in order: one app, the example completion service (mock LLM) as its variant.
test('register a service, edit and run it in the playground, save, deploy, revert, compare', async ({ page, stack }) => {
  const appName = `support-bot-${Date.now()}`;
  await signIn(page, stack.apiKey);
  await page.getByLabel('New app name').fill(appName);
  await page.getByRole('button', { name: 'Create app' }).click();
  await expect(page.getByRole('heading', { name: appName })).toBeVisible();
  await expect(page.getByText('No variants yet')).toBeVisible();
  await snapBothSizes(page, 'variants-empty');

  // Register the example service, and one that is down, to see health both ways.
  await page.getByLabel('Variant name').fill('completion');
  await page.getByLabel('Service URL').fill(stack.serviceUrl);
  await page.getByRole('button', { name: 'Register variant' }).click();
  const completion = page.getByRole('listitem', { name: 'completion' });
  await expect(completion.getByText('reachable', { exact: true })).toBeVisible();
  await expect(completion).toContainText('Latest revision 1');
  await page.getByLabel('Variant name').fill('an-offline-variant-with-a-rather-long-name-for-wrapping');
  await page.getByLabel('Service URL').fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Register variant' }).click();
  await expect(page.getByRole('listitem', { name: /an-offline-variant/ }).getByText('unreachable')).toBeVisible();
  await snapBothSizes(page, 'variants');

  // Playground: one control per field, at the schema's defaults.
  await completion.getByRole('link', { name: 'Open in playground' }).click();
  const temperature = page.getByRole('slider', { name: 'temperature' });
  await expect(temperature).toHaveAttribute('aria-valuemin', '0');
  await expect(temperature).toHaveAttribute('aria-valuemax', '2');
  await expect(temperature).toHaveAttribute('aria-valuenow', '0.7');
  const maxTokens = page.getByRole('slider', { name: 'max_tokens' });
  await expect(maxTokens).toHaveAttribute('aria-valuemin', '1');
  await expect(maxTokens).toHaveAttribute('aria-valuemax', '4000');
  await expect(maxTokens).toHaveAttribute('aria-valuenow', '256');
  await expect(page.getByRole('checkbox', { name: 'use_system_prompt' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'prompt_template' })).toHaveValue('Answer the question.\n\nQuestion: {input}');
  const model = page.getByRole('combobox', { name: 'model' });
  await expect(model).toHaveValue('gpt-4o-mini');
  await expect(page.getByRole('combobox', { name: 'style' })).toHaveValue('concise');
  await model.click();
  await expect(page.getByRole('listbox').getByText('OpenAI', { exact: true })).toBeVisible();
  await expect(page.getByRole('listbox').getByText('Anthropic', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // Running without the required input: the service's 422 shows beside that input.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'refused' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Inputs' })).toContainText(/required/i);
  await snapBothSizes(page, 'playground-422');

  // Warmer, then Ctrl+Enter.
  await temperature.focus();
  for (let i = 0; i < 20; i++) await temperature.press('ArrowRight');
  await expect(temperature).toHaveAttribute('aria-valuenow', '0.9');
  await page.getByRole('textbox', { name: 'input' }).fill('What is the capital of France?');
  await page.keyboard.press('Control+Enter');
  const output = page.getByRole('region', { name: 'Output' });
  await expect(output.getByTestId('output')).toContainText('capital of France');
  await expect(output.getByLabel('Cost')).toHaveText(/^\$\d/);
  await expect(output.getByLabel('Latency')).toBeVisible();
  const spans = output.getByRole('treeitem');
  expect(await spans.count()).toBeGreaterThanOrEqual(2);
  await output.getByRole('button', { name: /Expand .*chat/ }).first().click();
  await expect(output.getByText('Inputs', { exact: true }).first()).toBeVisible();
  await snapBothSizes(page, 'playground');

  // Save as revision 2.
  await page.getByRole('button', { name: 'Save as new revision' }).click();
  await page.getByRole('dialog').getByLabel('Commit message').fill('warmer answers');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('combobox', { name: 'Revision' })).toHaveValue('2 (latest)');
  await expect(page.getByRole('slider', { name: 'temperature' })).toHaveAttribute('aria-valuenow', '0.9');

  // Revisions: list, diff, deploy 1 then 2 to production.
  await page.getByRole('tab', { name: 'Variants' }).click();
  await page.getByRole('listitem', { name: 'completion' }).getByRole('link', { name: 'Revisions' }).click();
  const revisions = page.getByRole('table', { name: 'Revisions' });
  await expect(revisions.getByRole('row')).toHaveCount(3);
  await expect(revisions).toContainText('warmer answers');
  const diff = page.getByRole('table', { name: 'Parameter differences' });
  await expect(diff.locator('tr[data-changed]')).toHaveCount(1);
  await expect(diff.locator('tr[data-changed]')).toContainText('temperature');
  await snapBothSizes(page, 'revisions');
  for (const revision of [1, 2]) {
    await page.getByRole('button', { name: `Deploy revision ${revision} to…` }).click();
    // The previous revision's menu may still be closing: pick from this revision's own menu.
    await page.getByRole('menu', { name: `Deploy revision ${revision} to…` }).getByRole('menuitem', { name: 'production' }).click();
    await expect(page.getByText(`Revision ${revision} deployed to production`)).toBeVisible();
  }

  // Environments: production runs revision 2; revert to the first deployment adds a third entry.
  await page.getByRole('tab', { name: 'Environments' }).click();
  const production = page.getByRole('region', { name: 'production' });
  await expect(production).toContainText('runs completion revision 2');
  const history = production.getByRole('table', { name: 'production history' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await production.getByRole('button', { name: 'Revert production to entry 1' }).click();
  await expect(page.getByRole('dialog')).toContainText('A new history entry records the revert');
  await page.getByRole('dialog').getByRole('button', { name: 'Revert' }).click();
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(production).toContainText('runs completion revision 1');
  await expect(page.getByRole('region', { name: 'staging' })).toContainText('Never deployed');
  await snapBothSizes(page, 'environments');

  // Compare revisions 1 and 2 side by side on the same input.
  await page.getByRole('tab', { name: 'Playground' }).click();
  await page.getByText('Compare', { exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Revision A' })).toHaveValue('1');
  await expect(page.getByRole('combobox', { name: 'Revision B' })).toHaveValue('2');
  await page.getByRole('textbox', { name: 'input' }).fill('Name a colour.');
  await page.getByRole('button', { name: 'Run all' }).click();
  await expect(page.getByRole('region', { name: /^A: completion · revision 1/ }).getByTestId('output')).toContainText('Name a colour.');
  await expect(page.getByRole('region', { name: /^B: completion · revision 2/ }).getByTestId('output')).toContainText('Name a colour.');
  await snapBothSizes(page, 'compare');

  // Save the warmer configuration as a variant of its own (seed operation 5): the playground switches to it.
  await page.getByText('Edit and run', { exact: true }).click();
  await page.getByRole('button', { name: 'Save as new variant' }).click();
  await page.getByRole('dialog').getByLabel('Variant name').fill('completion-warm');
  await page.getByRole('dialog').getByLabel('Commit message').fill('forked from revision 2');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('combobox', { name: 'Variant', exact: true })).toHaveValue('completion-warm');
  await expect(page.getByRole('slider', { name: 'temperature' })).toHaveAttribute('aria-valuenow', '0.9');
});

test('a variant whose service is down says so in the playground, in words', async ({ page, stack, api }) => {
  const app = await api.call<{ app_id: string }>('POST', '/apps', { app_name: `offline-${Date.now()}` });
  const variant = await api.call<{ variant_id: string }>('POST', `/apps/${app.app_id}/variant/from-service`, {
    variant_name: 'offline', url: 'http://127.0.0.1:9', parameters: { temperature: 0.2 },
  });
  await signIn(page, stack.apiKey);
  await page.goto(`/ui/apps/${app.app_id}/playground?variant=${variant.variant_id}`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("Cannot read offline's schema from its service");
  await expect(alert).toContainText('cannot reach http://127.0.0.1:9/openapi.json');
  await snapBothSizes(page, 'playground-unreachable');
});
