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

/** The provider's model when it can be called directly (AI SDK 6 specification v3). */
export const directModel = (model: LanguageModel): ModelV3 | null =>
  (typeof model !== 'string' && model.specificationVersion === 'v3' ? model : null);

const callOptions = (request: LlmRequest, abortSignal: AbortSignal): CallOptions => ({
    prompt: promptOf(request.messages),
    temperature: request.temperature, maxOutputTokens: request.maxTokens, topP: request.topP,
    frequencyPenalty: request.frequencyPenalty, presencePenalty: request.presencePenalty, stopSequences: request.stopSequences,
    abortSignal,
});

const usageOf = (usage: Awaited<ReturnType<ModelV3['doGenerate']>>['usage']): CallUsage => {
  const cached = usage.inputTokens.cacheRead;
  return { input: usage.inputTokens.total ?? 0, output: usage.outputTokens.total ?? 0, ...(cached ? { cachedInput: cached } : {}) };
};

/** A plain request straight to the provider's model. */
export async function plainCall(model: ModelV3, request: LlmRequest, abortSignal: AbortSignal): Promise<PlainAnswer> {
  const answer = await model.doGenerate(callOptions(request, abortSignal));
  let text = '';
  for (const part of answer.content) if (part.type === 'text') text += part.text;
  return { text, finishReason: answer.finishReason.unified, modelId: answer.response?.modelId ?? model.modelId, usage: usageOf(answer.usage) };
}

/** What a plain stream yields: its text as it comes, then the answer (with all the text). */
export type PlainStreamEvent = { type: 'text'; delta: string } | ({ type: 'finish' } & PlainAnswer);

/**
 * A plain request streamed straight from the provider's model: each delta is passed on as the provider's stream
 * gives it, without `streamText`'s chain of transform streams between the first chunk and the caller.
 */
export async function* plainStream(model: ModelV3, request: LlmRequest, abortSignal: AbortSignal): AsyncIterable<PlainStreamEvent> {
  const { stream } = await model.doStream(callOptions(request, abortSignal));
  let text = '';
  let modelId = model.modelId;
  const reader = stream.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const part = read.value;
      if (part.type === 'text-delta') {
        text += part.delta;
        yield { type: 'text', delta: part.delta };
      } else if (part.type === 'response-metadata') {
        modelId = part.modelId ?? modelId;
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'finish') {
        yield { type: 'finish', text, finishReason: part.finishReason.unified, modelId, usage: usageOf(part.usage) };
        return;
      }
    }
  } finally {
    // Stops the provider's stream when our caller stops reading (or it failed).
    void reader.cancel().catch(() => undefined);
  }
}
