import { createService, CrucibleService, currentTraceId, Field, llm } from '@crucible/sdk';

export class AssistantConfig {
  @Field({ default: 'gpt-4o-mini' })
  model!: string;
}

/** What the assistant answers: the reply, and the id of this call's trace for the app's thumbs up or down. */
export interface AssistantAnswer {
  answer: string;
  trace_id: string | null;
}

export async function answerQuestion(inputs: Record<string, unknown>, config: AssistantConfig): Promise<AssistantAnswer> {
  const result = await llm.chat({ model: config.model, messages: [{ role: 'user', content: String(inputs['question'] ?? '') }] });
  return { answer: result.content, trace_id: currentTraceId() ?? null };
}

/**
 * An assistant whose answers carry their trace id (ARCHITECTURE §18): the app's own UI keeps it beside the answer
 * and, when the person presses thumbs up or down, its backend calls `score({ traceId, name: 'thumbs_up', value })`.
 */
export function createFeedbackApp(): CrucibleService {
  const service = createService({ title: 'Assistant with feedback', version: '1.0.0' });
  service.entrypoint(AssistantConfig, { inputs: ['question'], description: 'Answer a question; the answer carries its trace id' })(answerQuestion);
  return service;
}
