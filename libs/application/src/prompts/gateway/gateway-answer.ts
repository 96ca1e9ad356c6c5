import type { TraceWithSpans } from '@crucible/domain';
import type { InvokeAppInput } from './invoke-app.use-case';

/** The gateway's answer (§16); latency in milliseconds, cost in USD. */
export interface GatewayAnswer {
  data: unknown;
  trace_id: string;
  usage: { input_tokens: number; output_tokens: number };
  cost: number;
  latency: number;
}

export function answerOf(data: unknown, { trace }: TraceWithSpans, latencyMs: number): GatewayAnswer {
  return {
    data, trace_id: trace.traceId, usage: { input_tokens: trace.tokens.prompt, output_tokens: trace.tokens.completion },
    cost: trace.cost, latency: Math.round(latencyMs),
  };
}

/** A chat app's conversation travels as its `messages` input. */
export const gatewayInputs = (input: Pick<InvokeAppInput, 'inputs' | 'messages'>): Record<string, unknown> =>
  (input.messages === undefined ? input.inputs : { ...input.inputs, messages: input.messages });
