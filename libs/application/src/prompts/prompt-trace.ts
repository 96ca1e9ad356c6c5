import { randomUUID } from 'node:crypto';
import type { Span, Trace } from '@crucible/contracts';
import type { CallUsage } from '@crucible/domain';
import type { LlmMessage } from '../providers/ports';

/** What the LLM call reported, for its span. */
export interface LlmCallRecord {
  /** The model as the prompt names it (a catalog id or `<connection>/<model>`). */
  model: string;
  /** As the provider answered it. */
  responseModel: string | null;
  provider: string;
  usage: CallUsage | null;
  cost: number | null;
  timeToFirstTokenMs: number | null;
  messages: LlmMessage[];
}

export interface PromptRunRecord {
  /** 'completion' or 'chat': the root span's name. */
  name: string;
  startedAt: Date;
  endedAt: Date;
  inputs: Record<string, unknown>;
  llm: LlmCallRecord;
  /** The answer, or why there is none. */
  result: { ok: true; output: unknown } | { ok: false; message: string };
}

const spanId = (): string => randomUUID().replace(/-/g, '').slice(0, 16);

/** A Crucible trace of one built-in call: the workflow's root span and its LLM span, totals on both (the SDK's rule). */
export function promptTrace(run: PromptRunRecord): Trace {
  const latency = Math.max(0, run.endedAt.getTime() - run.startedAt.getTime());
  const tokens = run.llm.usage
    ? { prompt: run.llm.usage.input, completion: run.llm.usage.output, total: run.llm.usage.input + run.llm.usage.output }
    : { prompt: 0, completion: 0, total: 0 };
  const cost = run.llm.cost ?? 0;
  const status = run.result.ok ? 'ok' as const : 'error' as const;
  const outcome = run.result.ok ? { outputs: run.result.output } : { error: { message: run.result.message } };
  const rootId = spanId();
  const times = { start_time: run.startedAt.toISOString(), end_time: run.endedAt.toISOString(), latency_ms: latency, status };
  const root: Span = {
    span_id: rootId, parent_span_id: null, name: run.name, kind: 'workflow', ...times, inputs: run.inputs, ...outcome,
    model: run.llm.model, tokens, ...(run.llm.cost === null ? {} : { cost }),
  };
  const llm: Span = {
    span_id: spanId(), parent_span_id: rootId, name: 'llm', kind: 'llm', ...times, inputs: { messages: run.llm.messages.map(wireMessage) }, ...outcome,
    model: run.llm.model, tokens, ...(run.llm.cost === null ? {} : { cost }),
    attributes: {
      'gen_ai.provider.name': run.llm.provider,
      'gen_ai.request.model': run.llm.model,
      ...(run.llm.responseModel ? { 'gen_ai.response.model': run.llm.responseModel } : {}),
      ...(run.llm.timeToFirstTokenMs === null ? {} : { time_to_first_token_ms: run.llm.timeToFirstTokenMs }),
    },
  };
  return { trace_id: randomUUID(), latency_ms: latency, cost, tokens, spans: [root, llm] };
}

/** A message as the trace shows it: OpenAI's snake_case shape. */
function wireMessage(message: LlmMessage): Record<string, unknown> {
  if (message.role === 'tool') return { role: 'tool', tool_call_id: message.toolCallId, name: message.toolName, content: message.content };
  if (message.role === 'assistant' && message.toolCalls?.length) return { role: 'assistant', content: message.content, tool_calls: message.toolCalls.map(openAiToolCall) };
  return { role: message.role, content: message.content };
}

/** A tool call in OpenAI's shape, whatever the provider: what a prompt app answers (ARCHITECTURE §16). */
export function openAiToolCall(call: { id: string; name: string; arguments: Record<string, unknown> }) {
  return { id: call.id, type: 'function' as const, function: { name: call.name, arguments: JSON.stringify(call.arguments) } };
}
