import { createService, CrucibleService, Field, llm, MCField } from '@crucible/sdk';
import { supportedLlmModels } from '@crucible/sdk/assets';
import { fillTemplate } from './prompt-template';

/** One field of every kind the playground can draw: text area, sliders, checkbox, dropdowns. */
export class CompletionConfig {
  @Field({ default: 'Answer the question.\n\nQuestion: {input}', description: '{name} placeholders are filled from the inputs' })
  prompt_template!: string;

  @Field({ default: 0.7, ge: 0, le: 2 })
  temperature!: number;

  @Field({ default: 256, ge: 1, le: 4000, type: 'int' })
  max_tokens!: number;

  @Field({ default: true, description: 'Send a system message asking for the chosen style' })
  use_system_prompt!: boolean;

  @MCField({ default: 'gpt-4o-mini', choices: supportedLlmModels })
  model!: string;

  @MCField({ default: 'concise', choices: ['concise', 'detailed', 'bullet points'] })
  style!: string;
}

export async function complete(inputs: Record<string, unknown>, config: CompletionConfig): Promise<string> {
  const messages = [
    ...(config.use_system_prompt ? [{ role: 'system' as const, content: `You are a helpful assistant. Answer in a ${config.style} style.` }] : []),
    { role: 'user' as const, content: fillTemplate(config.prompt_template, inputs) },
  ];
  const result = await llm.chat({ model: config.model, messages, temperature: config.temperature, max_tokens: config.max_tokens });
  return result.content;
}

/** A fresh service with the completion entrypoint: POST /generate, /playground/run, /generate_deployed, /run. */
export function createCompletionApp(): CrucibleService {
  const service = createService({ title: 'Completion app', version: '1.0.0' });
  service.entrypoint(CompletionConfig, { inputs: ['input'], description: 'Fill the prompt template and complete it' })(complete);
  return service;
}
