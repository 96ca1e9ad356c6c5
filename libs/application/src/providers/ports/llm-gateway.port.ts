import { type CallUsage, DomainError } from '@crucible/domain';

export type LlmRole = 'system' | 'user' | 'assistant' | 'tool';

export interface LlmToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them: a JSON object. */
  arguments: Record<string, unknown>;
}

export type LlmMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: LlmToolCall[] }
  | { role: 'tool'; toolCallId: string; toolName: string; content: string };

export interface LlmTool {
  name: string;
  description?: string;
  /** A JSON schema of the arguments (type: object). */
  parameters: Record<string, unknown>;
}

export type LlmToolChoice = 'auto' | 'none' | 'required' | { tool: string };

/** Where a call goes: the project, the connection (default: the project's first of the model's provider), the model. */
export interface LlmTarget {
  projectId: string;
  connectionId?: string;
  /** A catalog id ('anthropic/claude-3-5-haiku-latest'), or '<connection name>/<model>'; the provider gets the bare name. */
  model: string;
}

export interface LlmRequest extends LlmTarget {
  messages: LlmMessage[];
  temperature?: number;
  maxTokens?: number;
  topP?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  stopSequences?: string[];
  tools?: LlmTool[];
  toolChoice?: LlmToolChoice;
  /** Ask for JSON (that fits this schema); the answer's `json` holds it parsed. */
  responseFormat?: { type: 'json_schema'; name?: string; schema: Record<string, unknown> } | { type: 'json_object' };
  /** Aborting it cancels the provider request (a client that went away). */
  signal?: AbortSignal;
}

interface LlmCallFacts {
  /** The model that answered, as the provider named it. */
  model: string;
  usage: CallUsage;
  /** USD from ModelPricing; null when the model has no known price. */
  cost: number | null;
  latencyMs: number;
}

export interface LlmResult extends LlmCallFacts {
  text: string;
  toolCalls: LlmToolCall[];
  /** With `responseFormat`: the answer parsed. */
  json?: unknown;
  finishReason: string;
}

export type LlmStreamEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool_call'; call: LlmToolCall }
  /** The last event of a stream that completed. */
  | ({ type: 'finish'; text: string; toolCalls: LlmToolCall[]; finishReason: string; timeToFirstTokenMs: number | null } & LlmCallFacts);

export interface EmbedRequest extends LlmTarget {
  input: string[];
}

export interface EmbedResult extends LlmCallFacts {
  /** One vector per input, in input order. */
  vectors: number[][];
}

/**
 * The provider refused or failed the call: its status (null when no answer came: timeout, dropped stream) and at
 * most 200 characters of its message. An `upstream_failure`, so the api answers 502 {detail}; a request the gateway
 * cannot send as asked (unknown connection or model) is a DomainError `invalid_input` (422).
 */
export class LlmProviderError extends DomainError {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super('upstream_failure', message);
    this.name = 'LlmProviderError';
  }
}

/** Every model call Crucible makes (judges, embeddings, playground, prompt apps) goes through here. */
export abstract class LlmGateway {
  /** Rejects with LlmRequestError or LlmProviderError. */
  abstract generate(request: LlmRequest): Promise<LlmResult>;
  /** Yields text and tool calls as they come, then one `finish`; a stream that breaks off throws LlmProviderError. */
  abstract stream(request: LlmRequest): AsyncIterable<LlmStreamEvent>;
  abstract embed(request: EmbedRequest): Promise<EmbedResult>;
}
