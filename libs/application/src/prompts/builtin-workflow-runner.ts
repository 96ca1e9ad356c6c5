import { Injectable } from '@nestjs/common';
import type { Trace } from '@crucible/contracts';
import {
  type BuiltinKind, CONVERSATION_INPUT, DomainError, type InputViolation, type PromptParameters, builtinKindOf, renderPromptMessages,
} from '@crucible/domain';
import { LlmGateway, LlmProviderError, type LlmRequest, type LlmResult, type LlmToolCall } from '../providers/ports';
import type { InvocationOutcome, WorkflowCall } from '../runs/ports';
import { conversationOf, llmMessageOf } from './conversation-input';
import { PromptParametersCheck } from './prompt-parameters-check';
import { openAiToolCall, promptTrace } from './prompt-trace';

/** What `stream` yields: text as it comes, tool calls, then one `done` or one `error`. */
export type BuiltinStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'tool_call'; id: string; name: string; arguments: string }
  | { type: 'done'; output: unknown; trace: Trace }
  /** `status` 422 with `violations` when the call was refused before the provider saw it; `trace` once the provider was called. */
  | { type: 'error'; detail: string; status?: number; violations?: InputViolation[]; retryable: boolean; trace?: Trace };

interface PreparedCall {
  kind: BuiltinKind;
  request: LlmRequest;
  provider: string;
  parameters: PromptParameters;
}

/**
 * Runs the built-in completion and chat workflows inside Crucible (ARCHITECTURE §16): the template rendered with the
 * inputs, one call through the LlmGateway, the answer as the output and a trace of root and LLM spans. Never throws.
 */
@Injectable()
export class BuiltinWorkflowRunner {
  constructor(
    private readonly gateway: LlmGateway,
    private readonly check: PromptParametersCheck,
  ) {}

  async run(projectId: string, uri: string, call: WorkflowCall, signal?: AbortSignal): Promise<InvocationOutcome> {
    const started = new Date();
    const elapsed = () => Date.now() - started.getTime();
    let prepared: PreparedCall;
    try {
      prepared = await this.prepare(projectId, uri, call, signal);
    } catch (error) {
      return { ...refusal(error), latencyMs: elapsed() };
    }
    try {
      const result = await this.gateway.generate(prepared.request);
      const output = outputOf(prepared, result.text, result.toolCalls, result);
      const trace = this.traceOf(prepared, call, started, result, null, { ok: true, output });
      return { ok: true, output, trace, latencyMs: elapsed() };
    } catch (error) {
      return { ...failure(error, signal), latencyMs: elapsed() };
    }
  }

  async *stream(projectId: string, uri: string, call: WorkflowCall, signal: AbortSignal): AsyncIterable<BuiltinStreamEvent> {
    const started = new Date();
    let prepared: PreparedCall;
    try {
      prepared = await this.prepare(projectId, uri, call, signal);
    } catch (error) {
      const refused = refusal(error);
      yield { type: 'error', detail: refused.message, retryable: false, ...(refused.status ? { status: refused.status } : {}), ...(refused.violations ? { violations: refused.violations } : {}) };
      return;
    }
    const firstTokenAt = { ms: null as number | null };
    try {
      for await (const event of this.gateway.stream(prepared.request)) {
        if (event.type === 'text') {
          firstTokenAt.ms ??= Date.now() - started.getTime();
          yield { type: 'delta', text: event.delta };
        } else if (event.type === 'tool_call') {
          firstTokenAt.ms ??= Date.now() - started.getTime();
          const call = openAiToolCall(event.call);
          yield { type: 'tool_call', id: call.id, name: call.function.name, arguments: call.function.arguments };
        } else {
          const output = outputOf(prepared, event.text, event.toolCalls, undefined);
          const ttft = event.timeToFirstTokenMs ?? firstTokenAt.ms;
          yield { type: 'done', output, trace: this.traceOf(prepared, call, started, event, ttft, { ok: true, output }) };
          return;
        }
      }
      throw new LlmProviderError(null, "the provider's stream ended without finishing");
    } catch (error) {
      const failed = failure(error, signal);
      const trace = this.traceOf(prepared, call, started, null, firstTokenAt.ms, { ok: false, message: failed.message });
      yield { type: 'error', detail: failed.message, retryable: failed.retryable, ...(failed.status ? { status: failed.status } : {}), trace };
    }
  }

  private async prepare(projectId: string, uri: string, call: WorkflowCall, signal: AbortSignal | undefined): Promise<PreparedCall> {
    const kind = builtinKindOf(uri);
    if (!kind) throw new DomainError('upstream_failure', `no built-in workflow is called ${uri}`);
    const { parameters, model } = await this.check.forRun(projectId, call.config, ['config']);
    const prompt = parameters.prompt;
    const variables = Object.fromEntries(Object.entries(call.inputs).filter(([name]) => kind !== 'chat' || name !== CONVERSATION_INPUT));
    const messages = renderPromptMessages(prompt, variables).map(llmMessageOf);
    if (kind === 'chat') messages.push(...conversationOf(call.inputs));
    const config = prompt.llm_config;
    const format = config.response_format;
    const choice = config.tool_choice;
    const request: LlmRequest = {
      projectId, model: model.model, ...(model.connectionId ? { connectionId: model.connectionId } : {}), messages,
      temperature: config.temperature ?? undefined, maxTokens: config.max_tokens ?? undefined, topP: config.top_p ?? undefined,
      frequencyPenalty: config.frequency_penalty ?? undefined, presencePenalty: config.presence_penalty ?? undefined,
      stopSequences: config.stop?.length ? config.stop : undefined,
      tools: config.tools?.length ? config.tools.map((tool) => ({ name: tool.function.name, description: tool.function.description, parameters: tool.function.parameters })) : undefined,
      toolChoice: choice ? (typeof choice === 'string' ? choice : { tool: choice.function.name }) : undefined,
      responseFormat: format?.type === 'json_schema'
        ? { type: 'json_schema', name: format.json_schema.name, schema: format.json_schema.schema }
        : format?.type === 'json_object' ? { type: 'json_object' } : undefined,
      ...(signal ? { signal } : {}),
    };
    return { kind, request, provider: model.provider, parameters };
  }

  private traceOf(
    prepared: PreparedCall, call: WorkflowCall, started: Date, result: Pick<LlmResult, 'model' | 'usage' | 'cost'> | null,
    timeToFirstTokenMs: number | null, outcome: { ok: true; output: unknown } | { ok: false; message: string },
  ): Trace {
    return promptTrace({
      name: prepared.kind, startedAt: started, endedAt: new Date(), inputs: call.inputs, result: outcome,
      llm: {
        model: prepared.request.model, responseModel: result?.model ?? null, provider: prepared.provider, usage: result?.usage ?? null,
        cost: result?.cost ?? null, timeToFirstTokenMs, messages: prepared.request.messages,
      },
    });
  }
}

/** Text; with a JSON response format the JSON parsed; with tool calls OpenAI's `{tool_calls}` (and any text as `content`). */
function outputOf(prepared: PreparedCall, text: string, toolCalls: LlmToolCall[], result: LlmResult | undefined): unknown {
  if (toolCalls.length > 0) return { ...(text ? { content: text } : {}), tool_calls: toolCalls.map(openAiToolCall) };
  if (!prepared.request.responseFormat) return text;
  if (result?.json !== undefined) return result.json;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Refused before the provider was called: a 422 the caller can show field by field. */
function refusal(error: unknown): Extract<InvocationOutcome, { ok: false }> {
  if (error instanceof DomainError && error.code === 'invalid_input') {
    return { ok: false, retryable: false, status: 422, message: error.message, violations: error.violations, latencyMs: 0 };
  }
  return failure(error, undefined);
}

/** The provider's refusal or failure: retried when it may pass (429, 5xx, no answer), never when it was cancelled. */
function failure(error: unknown, signal: AbortSignal | undefined): Extract<InvocationOutcome, { ok: false }> {
  if (error instanceof LlmProviderError) {
    const retryable = error.status === null ? !signal?.aborted : error.status === 429 || error.status >= 500;
    return { ok: false, retryable, message: error.message, ...(error.status === null ? {} : { status: error.status }), latencyMs: 0 };
  }
  if (error instanceof DomainError) {
    return {
      ok: false, retryable: false, message: error.message, latencyMs: 0,
      ...(error.code === 'invalid_input' ? { status: 422, violations: error.violations } : {}),
    };
  }
  return { ok: false, retryable: false, message: error instanceof Error ? error.message : String(error), latencyMs: 0 };
}
