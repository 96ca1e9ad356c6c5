import type { Stand } from './stand';

/** What a chat completion request to the mock carries, as the prompt app below sends it. */
export const QUESTION = 'What is the capital of France?';
export const SYSTEM = 'You are terse.';
export const DIRECT_BODY = JSON.stringify({
  model: 'gpt-4o-mini', messages: [{ role: 'system', content: SYSTEM }, { role: 'user', content: QUESTION }],
});
export const INVOKE_BODY = JSON.stringify({ inputs: { input: QUESTION } });

/**
 * A completion prompt app on an `openai_compatible` connection to the mock, deployed to production: the same request
 * reaches the mock through the gateway as when the bench calls it directly.
 */
export async function deployedPromptApp(stand: Pick<Stand, 'request'>, name: string, mockUrl: string): Promise<{ appId: string }> {
  const connection = await stand.request<{ id: string }>('POST', '/provider-connections', {
    name, kind: 'openai_compatible', base_url: mockUrl, api_key: 'bench',
  });
  const app = await stand.request<{ app_id: string }>('POST', '/apps', { app_name: name });
  const variant = await stand.request<{ variant_id: string }>('POST', `/apps/${app.app_id}/variant/from-service`, {
    variant_name: 'completion', url: 'crucible:builtin:completion:v1',
    parameters: {
      prompt: {
        messages: [{ role: 'system', content: SYSTEM }, { role: 'user', content: '{{input}}' }], template_format: 'curly', input_keys: ['input'],
        llm_config: { model: `${name}/gpt-4o-mini`, connection_id: connection.id },
      },
    },
  });
  await stand.request('POST', '/environments/deploy', { app_id: app.app_id, environment_name: 'production', variant_id: variant.variant_id });
  return { appId: app.app_id };
}
