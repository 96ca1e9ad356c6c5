import { embedMany, generateText, jsonSchema, type LanguageModel, type LanguageModelUsage, Output, streamText } from 'ai';
import { DomainError, ENVIRONMENT_CONNECTION_ID, type CallUsage } from '@crucible/domain';
import {
  type ConnectionCredentials, ConnectionCredentialsSource, type EmbedRequest, type EmbedResult, LlmGateway, type LlmRequest,
  type LlmResult, type LlmStreamEvent, type LlmTarget, type LlmToolCall, ModelPricing, type OutboundGuard,
} from '@crucible/application';
import { chatCompletionsUrl, providerModels } from './ai-sdk-models';
import { chatCompletionsCall } from './chat-completions-call';
import { directModel, isPlainRequest, plainCall, plainStream } from './ai-sdk-plain-call';
import { modelMessages, toolCallOf, toolChoiceOf, toolSet } from './ai-sdk-messages';
import { bareModelName, routeOf } from './model-route';
import { providerFailure } from './provider-failure';

export interface AiSdkLlmGatewayOptions {
  /** Every provider request goes through this (the outbound guard's fetch). */
  fetch: typeof globalThis.fetch;
  /** For the OPENAI_* `environment` connection, whose base URL the operator chose (its host is allowed). */
  environmentFetch?: typeof globalThis.fetch;
  /**
   * The guard behind `fetch` (and `environmentFetch`): plain calls to OpenAI-compatible servers go through its
   * `request` without the AI SDK (chat-completions-call.ts). Without it every call goes through the AI SDK.
   */
  outbound?: OutboundGuard;
  environmentOutbound?: OutboundGuard;
  /** Called when the application shuts down. */
  close?: () => Promise<void> | undefined;
  /** Per call, streaming included. */
  timeoutMs?: number;
}

interface OpenedModel {
  connection: ConnectionCredentials;
  bare: string;
  provider: string;
}

/**
 * LlmGateway over the Vercel AI SDK 6. No retries here (maxRetries 0): the caller's rate-limit policy decides, so a
 * judge's 429 is retried the way the evaluation's rate_limit says, not twice more behind its back.
 */
export class AiSdkLlmGateway extends LlmGateway {
  private readonly timeoutMs: number;
  private readonly languageModels = new WeakMap<ConnectionCredentials, Map<string, LanguageModel>>();

  constructor(
    private readonly connections: ConnectionCredentialsSource,
    private readonly pricing: ModelPricing,
    private readonly options: AiSdkLlmGatewayOptions,
  ) {
    super();
    this.timeoutMs = options.timeoutMs ?? 60_000;
    // The SDK prints its warnings (unknown model limits...) to the console, outside our logs and their redaction.
    (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
  }

  async onModuleDestroy(): Promise<void> {
    await this.options.close?.();
  }

  async generate(request: LlmRequest): Promise<LlmResult> {
    const opened = await this.open(request);
    const started = performance.now();
    try {
      const plain = isPlainRequest(request);
      const compatible = plain ? this.chatCompletionsTarget(opened) : null;
      if (compatible) {
        const { text, finishReason, modelId, usage } = await chatCompletionsCall(compatible, request);
        return {
          text, toolCalls: [], finishReason, model: modelId, usage,
          cost: await this.costOf(request, opened, usage), latencyMs: Math.round(performance.now() - started),
        };
      }
      const direct = plain ? directModel(this.languageModel(opened)) : null;
      if (direct) {
        const plain = await plainCall(direct, request, this.abortSignal(request));
        const { text, finishReason, modelId, usage } = plain;
        return {
          text, toolCalls: [], finishReason, model: modelId, usage,
          cost: await this.costOf(request, opened, usage), latencyMs: Math.round(performance.now() - started),
        };
      }
      const result = await generateText({ ...this.callSettings(opened, request), ...outputOf(request) });
      const usage = callUsage(result.usage);
      return {
        text: result.text,
        toolCalls: result.toolCalls.map(toolCallOf),
        ...(request.responseFormat ? { json: result.output as unknown } : {}),
        finishReason: result.finishReason,
        model: result.response.modelId,
        usage,
        cost: await this.costOf(request, opened, usage),
        latencyMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      throw providerFailure(error, `${request.model} via ${opened.connection.name}`, this.timeoutMs, request.signal);
    }
  }

  async *stream(request: LlmRequest): AsyncIterable<LlmStreamEvent> {
    const opened = await this.open(request);
    const started = performance.now();
    const what = `${request.model} via ${opened.connection.name}`;
    let firstToken: number | null = null;
    let text = '';
    const toolCalls: LlmToolCall[] = [];
    const direct = isPlainRequest(request) ? directModel(this.languageModel(opened)) : null;
    if (direct) {
      try {
        for await (const event of plainStream(direct, request, this.abortSignal(request))) {
          if (event.type === 'text') {
            firstToken ??= performance.now() - started;
            yield event;
            continue;
          }
          const { text: all, finishReason, modelId, usage } = event;
          yield {
            type: 'finish', text: all, toolCalls, finishReason, model: modelId, usage, cost: await this.costOf(request, opened, usage),
            latencyMs: Math.round(performance.now() - started), timeToFirstTokenMs: firstToken === null ? null : Math.round(firstToken),
          };
          return;
        }
      } catch (error) {
        throw providerFailure(error, what, this.timeoutMs, request.signal);
      }
      return;
    }
    // onError: the failure is thrown to our caller below, not also printed by the SDK.
    const result = streamText({ ...this.callSettings(opened, request), ...outputOf(request), onError: () => undefined });
    try {
      for await (const part of result.fullStream) {
        if (part.type === 'error') throw part.error;
        // An aborted stream (the caller's signal or our time-out) ends with this part, not with a thrown error.
        if (part.type === 'abort') throw new DOMException('The stream was aborted', 'AbortError');
        if (part.type === 'text-delta' || part.type === 'tool-call') firstToken ??= performance.now() - started;
        if (part.type === 'text-delta') {
          text += part.text;
          yield { type: 'text', delta: part.text };
        } else if (part.type === 'tool-call') {
          const call = toolCallOf(part);
          toolCalls.push(call);
          yield { type: 'tool_call', call };
        } else if (part.type === 'finish') {
          const usage = callUsage(part.totalUsage);
          const response = await result.response;
          yield {
            type: 'finish', text, toolCalls, finishReason: part.finishReason, model: response.modelId, usage,
            cost: await this.costOf(request, opened, usage), latencyMs: Math.round(performance.now() - started),
            timeToFirstTokenMs: firstToken === null ? null : Math.round(firstToken),
          };
        }
      }
    } catch (error) {
      throw providerFailure(error, what, this.timeoutMs, request.signal);
    }
  }

  async embed(request: EmbedRequest): Promise<EmbedResult> {
    const opened = await this.open(request);
    const started = performance.now();
    try {
      const result = await embedMany({
        model: providerModels(opened.connection, this.fetchFor(opened.connection)).embedding(opened.bare),
        values: request.input, maxRetries: 0, abortSignal: AbortSignal.timeout(this.timeoutMs),
      });
      const usage = { input: result.usage.tokens, output: 0 };
      return {
        vectors: result.embeddings, model: opened.bare, usage,
        cost: await this.costOf(request, opened, usage), latencyMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      throw providerFailure(error, `${request.model} via ${opened.connection.name}`, this.timeoutMs);
    }
  }

  private callSettings(opened: OpenedModel, request: LlmRequest) {
    return {
      model: this.languageModel(opened),
      ...modelMessages(request.messages),
      temperature: request.temperature,
      maxOutputTokens: request.maxTokens,
      topP: request.topP,
      frequencyPenalty: request.frequencyPenalty,
      presencePenalty: request.presencePenalty,
      stopSequences: request.stopSequences,
      tools: toolSet(request.tools),
      toolChoice: toolChoiceOf(request.toolChoice),
      maxRetries: 0,
      abortSignal: this.abortSignal(request),
    };
  }

  /** The caller's signal, if any, bounded by our time-out. */
  private abortSignal(request: LlmRequest): AbortSignal {
    return request.signal ? AbortSignal.any([request.signal, AbortSignal.timeout(this.timeoutMs)]) : AbortSignal.timeout(this.timeoutMs);
  }

  /**
   * One AI SDK model per connection and model name, kept while the connection's credentials are (the provider cache
   * hands the same object for a few seconds): building one builds its response schemas, which a hot path felt.
   */
  private languageModel(opened: OpenedModel): LanguageModel {
    let models = this.languageModels.get(opened.connection);
    if (!models) this.languageModels.set(opened.connection, (models = new Map()));
    let model = models.get(opened.bare);
    if (!model) models.set(opened.bare, (model = providerModels(opened.connection, this.fetchFor(opened.connection)).language(opened.bare)));
    return model;
  }

  /** Where a plain call can go without the AI SDK: an OpenAI-compatible server, through the outbound guard. */
  private chatCompletionsTarget({ connection, bare }: OpenedModel) {
    const outbound = connection.id === ENVIRONMENT_CONNECTION_ID && this.options.environmentOutbound ? this.options.environmentOutbound : this.options.outbound;
    const url = outbound ? chatCompletionsUrl(connection) : null;
    return outbound && url ? { connection, url, model: bare, outbound, timeoutMs: this.timeoutMs } : null;
  }

  private fetchFor(connection: ConnectionCredentials): typeof globalThis.fetch {
    return connection.id === ENVIRONMENT_CONNECTION_ID && this.options.environmentFetch ? this.options.environmentFetch : this.options.fetch;
  }

  private async open(target: LlmTarget): Promise<OpenedModel> {
    const route = routeOf(target.model, target.connectionId);
    const connection = await this.connections.open(target.projectId, route.selector);
    if (!connection) {
      const which = route.selector.connectionId ? `connection '${route.selector.connectionId}'` : `connection for provider '${route.provider}'`;
      throw DomainError.invalidInput([{ field: ['connection_id'], reason: `this project has no ${which}`, rule: 'invalid_value' }]);
    }
    return { connection, bare: bareModelName(target.model, connection.kind), provider: route.provider ?? connection.kind };
  }

  private costOf(target: LlmTarget, opened: OpenedModel, usage: CallUsage): Promise<number | null> {
    return this.pricing.costOf(target.projectId, { provider: opened.provider, model: opened.bare, usage });
  }
}

/** JSON output as the request asks: fitting a schema (structured outputs), or any JSON object. */
function outputOf(request: LlmRequest) {
  const format = request.responseFormat;
  if (!format) return {};
  return { output: format.type === 'json_object' ? Output.json() : Output.object({ schema: jsonSchema(format.schema), name: format.name }) };
}

/** The AI SDK's usage as the domain counts it: input includes the cached part. */
function callUsage(usage: LanguageModelUsage): CallUsage {
  const cached = usage.inputTokenDetails?.cacheReadTokens;
  return { input: usage.inputTokens ?? 0, output: usage.outputTokens ?? 0, ...(cached ? { cachedInput: cached } : {}) };
}
