import { APICallError } from 'ai';
import type { CallUsage } from '@crucible/domain';
import {
  type ConnectionCredentials, type LlmMessage, type LlmRequest, OutboundFailureError, type OutboundGuard,
} from '@crucible/application';
import type { PlainAnswer } from './ai-sdk-plain-call';

/** What the call needs besides the request: where, with which key, through which guard, for how long. */
interface ChatCompletionsTarget {
  connection: ConnectionCredentials;
  /** The chat completions endpoint (`<base URL>/chat/completions`). */
  url: string;
  /** The model name the provider receives. */
  model: string;
  outbound: OutboundGuard;
  timeoutMs: number;
}

/** The part of OpenAI's chat completion answer a plain call reads. */
interface ChatCompletion {
  model?: string;
  choices?: Array<{ message?: { content?: unknown; refusal?: unknown }; finish_reason?: string | null }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number; prompt_tokens_details?: { cached_tokens?: number } } | null;
}

/**
 * A plain request (text in, text out) to an OpenAI-compatible server's chat completions, sent through the outbound
 * guard's `request` with the body the AI SDK's openai-compatible provider sends for it, and its answer read as that
 * provider reads it. On the gateway's hot path the provider's web Request/Response, Headers, streams and zod schemas
 * cost more CPU per call than the call itself. A non-2xx is the AI SDK's `APICallError`, so `providerFailure` words
 * every failure (with the model and connection) as for any other call.
 */
export async function chatCompletionsCall(target: ChatCompletionsTarget, request: LlmRequest): Promise<PlainAnswer> {
  const body = {
    model: target.model, max_tokens: request.maxTokens, temperature: request.temperature, top_p: request.topP,
    frequency_penalty: request.frequencyPenalty, presence_penalty: request.presencePenalty, stop: request.stopSequences,
    messages: chatMessages(request.messages),
  };
  const { connection } = target;
  const answer = await target.outbound.request(target.url, {
    method: 'POST', json: body, timeoutMs: target.timeoutMs, ...(request.signal ? { signal: request.signal } : {}),
    headers: { ...(connection.apiKey ? { authorization: `Bearer ${connection.apiKey}` } : {}), ...lowerCased(connection.headers) },
  }).catch((error: unknown) => {
    // Our time-out, worded as the AI SDK's (a TimeoutError) is.
    if (error instanceof OutboundFailureError && error.kind === 'timeout') throw new DOMException(error.message, 'TimeoutError');
    throw error;
  });
  if (answer.status < 200 || answer.status >= 300) {
    throw new APICallError({
      message: answer.statusText || `status ${answer.status}`, url: target.url, requestBodyValues: body, statusCode: answer.status,
      responseBody: answer.text, isRetryable: answer.status === 429 || answer.status >= 500,
    });
  }
  return readAnswer(answer.text, target.model);
}

/** As the AI SDK sends a plain prompt: the system messages joined into one, first, then the turns as text. */
function chatMessages(messages: LlmMessage[]): Array<{ role: string; content: string }> {
  const system = messages.filter((message) => message.role === 'system').map((message) => message.content);
  const sent = system.length > 0 ? [{ role: 'system', content: system.join('\n\n') }] : [];
  for (const message of messages) {
    if (message.role === 'user' || message.role === 'assistant') sent.push({ role: message.role, content: message.content });
  }
  return sent;
}

function readAnswer(text: string, model: string): PlainAnswer {
  let completion: ChatCompletion;
  try {
    completion = JSON.parse(text) as ChatCompletion;
  } catch {
    throw new Error("the provider's answer is not JSON");
  }
  const choice = completion?.choices?.[0];
  if (!choice?.message) throw new Error("the provider's answer holds no choice");
  const { content, refusal } = choice.message;
  let answer = typeof content === 'string' ? content : Array.isArray(content) ? textParts(content) : '';
  const refused = typeof refusal === 'string' && refusal.length > 0;
  if (refused) answer += refusal;
  return { text: answer, finishReason: finishReasonOf(choice.finish_reason, refused), modelId: completion.model ?? model, usage: usageOf(completion.usage) };
}

/** Content given as parts (some servers do): their text, in order. */
const textParts = (parts: unknown[]): string =>
  parts.map((part) => (part && typeof part === 'object' && (part as { type?: unknown }).type === 'text' ? (part as { text?: unknown }).text : ''))
    .filter((text): text is string => typeof text === 'string').join('');

/** As the AI SDK's openai-compatible provider maps it. */
function finishReasonOf(reason: string | null | undefined, refused: boolean): string {
  switch (reason) {
    case 'stop': return refused ? 'content-filter' : 'stop';
    case 'length': return 'length';
    case 'content_filter': return 'content-filter';
    case 'function_call':
    case 'tool_calls': return 'tool-calls';
    default: return 'other';
  }
}

function usageOf(usage: ChatCompletion['usage']): CallUsage {
  const cached = usage?.prompt_tokens_details?.cached_tokens;
  return { input: usage?.prompt_tokens ?? 0, output: usage?.completion_tokens ?? 0, ...(cached ? { cachedInput: cached } : {}) };
}

function lowerCased(headers: Record<string, string> | undefined): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) lower[name.toLowerCase()] = value;
  return lower;
}
