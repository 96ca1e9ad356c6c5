import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Fixtures of Agenta's legacy API tests (api/oss/tests/legacy/old_tests/variants_main_router/conftest.py),
 * as their tests send them. Agenta's placeholders ("string" ids, an OpenAI key) are filled by the suite.
 */

export const autoExactMatchEvaluatorConfig = () => ({
  app_id: 'string', name: 'ExactMatchEvaluator', evaluator_key: 'auto_exact_match', settings_values: {} as Record<string, unknown>,
});

export const autoSimilarityMatchEvaluatorConfig = () => ({
  app_id: 'string', name: 'SimilarityMatchEvaluator', evaluator_key: 'auto_similarity_match',
  settings_values: { similarity_threshold: 0.3 } as Record<string, unknown>,
});

export const autoRegexTestEvaluatorConfig = () => ({
  app_id: 'string', name: 'RegexEvaluator', evaluator_key: 'auto_regex_test',
  settings_values: { regex_pattern: '^value\\d{3}$', regex_should_match: false } as Record<string, unknown>,
});

export const autoWebhookTestEvaluatorConfig = (webhookUrl: string) => ({
  app_id: 'string', name: 'WebhookEvaluator', evaluator_key: 'auto_webhook_test',
  settings_values: { webhook_url: webhookUrl, webhook_body: {} } as Record<string, unknown>,
});

export const autoAiCritiqueEvaluatorConfig = () => ({
  app_id: 'string', name: 'AICritique_Evaluator', evaluator_key: 'auto_ai_critique',
  settings_values: {
    open_ai_key: 'sk-test',
    temperature: 0.9,
    prompt_template: 'We have an LLM App that we want to evaluate its outputs. Based on the prompt and the parameters provided below evaluate the output based on the evaluation strategy below: Evaluation strategy: 0 to 10 0 is very bad and 10 is very good. Prompt: {llm_app_prompt_template} Inputs: country: {country} Correct Answer:{correct_answer} Evaluate this: {variant_output} Answer ONLY with one of the given grading or evaluation options.',
  } as Record<string, unknown>,
});

export const deployToEnvironmentPayload = () => ({ environment_name: 'string', variant_id: 'string' });

export const appVariantParametersUpdated = () => ({
  parameters: {
    temperature: 1.43,
    model: 'gpt-3.5-turbo',
    max_tokens: 1182,
    prompt_system: 'You are an expert in geography. Answer in Japanese.',
    prompt_user: 'What is the capital of {country}?',
    top_p: 1,
    frequence_penalty: 1.4,
    presence_penalty: 1.25,
    force_json: 0,
  } as Record<string, unknown>,
});

export const CAPITAL_ROWS = [
  { country: 'Comoros', correct_answer: 'The capital of Comoros is Moroni' },
  { country: 'Kyrgyzstan', correct_answer: 'The capital of Kyrgyzstan is Bishkek' },
  { country: 'Azerbaijan', correct_answer: 'The capital of Azerbaijan is Baku' },
];

/** Stands in for Agenta's `/evaluations/webhook_example_fake/`: a real HTTP server answering a score. */
export async function startWebhook(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ score: 0.75 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/evaluations/webhook_example_fake/`, server };
}
