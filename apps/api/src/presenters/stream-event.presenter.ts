import type { GatewayStreamEvent, PlaygroundStreamEvent } from '@crucible/application';
import type { ServerSentEvent } from '../http/server-sent-events';

type Streamed = Extract<GatewayStreamEvent, { type: 'delta' | 'tool_call' }>;

/** `event: delta` carries `{text}`, or a tool call part in OpenAI's shape. */
function delta(event: Streamed): ServerSentEvent {
  if (event.type === 'delta') return { event: 'delta', data: { text: event.text } };
  return { event: 'delta', data: { tool_call: { id: event.id, type: 'function', function: { name: event.name, arguments: event.arguments } } } };
}

export async function* gatewayEvents(events: AsyncIterable<GatewayStreamEvent>): AsyncGenerator<ServerSentEvent> {
  for await (const event of events) {
    if (event.type === 'done') yield { event: 'done', data: event.answer };
    else if (event.type === 'error') yield { event: 'error', data: { detail: event.detail } };
    else yield delta(event);
  }
}

export async function* playgroundEvents(events: AsyncIterable<PlaygroundStreamEvent>): AsyncGenerator<ServerSentEvent> {
  for await (const event of events) {
    if (event.type === 'done') yield { event: 'done', data: { data: event.data, trace: event.trace } };
    else if (event.type === 'error') yield { event: 'error', data: { detail: event.detail } };
    else yield delta(event);
  }
}
