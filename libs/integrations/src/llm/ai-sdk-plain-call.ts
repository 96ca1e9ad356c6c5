import type { LanguageModel } from 'ai';
import type { CallUsage } from '@crucible/domain';
import type { LlmMessage, LlmRequest } from '@crucible/application';

type ModelV3 = Extract<LanguageModel, { specificationVersion: 'v3' }>;
type CallOptions = Parameters<ModelV3['doGenerate']>[0];

/** What a plain call answers, as `generateText` would have given it. */
export interface PlainAnswer {
  text: string;
  finishReason: string;
  modelId: string;
  usage: CallUsage;
}

/**
 * A request that is text in, text out: no tools, no JSON output, no tool messages. Such a call can skip
 * `generateText`, whose per-call work (a zod parse of every message, steps, telemetry spans) cost the gateway more
 * CPU than the provider call itself; our messages are built by us, already in the shape it would check.
 */
export function isPlainRequest(request: LlmRequest): boolean {
  return !request.tools?.length && request.toolChoice === undefined && request.responseFormat === undefined
    && request.messages.every((message) => message.role !== 'tool' && !(message.role === 'assistant' && message.toolCalls?.length));
}

/** As `generateText` builds it: the system messages joined into one, first, then the turns as text parts. */
function promptOf(messages: LlmMessage[]): CallOptions['prompt'] {
  const system = messages.filter((message) => message.role === 'system').map((message) => message.content);
  const prompt: CallOptions['prompt'] = system.length > 0 ? [{ role: 'system', content: system.join('\n\n') }] : [];
  for (const message of messages) {
    if (message.role === 'user' || message.role === 'assistant') prompt.push({ role: message.role, content: [{ type: 'text', text: message.content }] });
  }
  return prompt;
}

/** A plain request straight to the provider's model (AI SDK 6 specification v3), or null for any other model. */
export async function plainCall(model: LanguageModel, request: LlmRequest, abortSignal: AbortSignal): Promise<PlainAnswer | null> {
  if (typeof model === 'string' || model.specificationVersion !== 'v3') return null;
  const options: CallOptions = {
    prompt: promptOf(request.messages),
    temperature: request.temperature, maxOutputTokens: request.maxTokens, topP: request.topP,
    frequencyPenalty: request.frequencyPenalty, presencePenalty: request.presencePenalty, stopSequences: request.stopSequences,
    abortSignal,
  };
  const answer = await model.doGenerate(options);
  let text = '';
  for (const part of answer.content) if (part.type === 'text') text += part.text;
  const cached = answer.usage.inputTokens.cacheRead;
  return {
    text, finishReason: answer.finishReason.unified, modelId: answer.response?.modelId ?? model.modelId,
    usage: { input: answer.usage.inputTokens.total ?? 0, output: answer.usage.outputTokens.total ?? 0, ...(cached ? { cachedInput: cached } : {}) },
  };
}
