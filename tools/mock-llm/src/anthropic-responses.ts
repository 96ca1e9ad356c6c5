import { BadRequest, isMessage, requireString } from './openai-responses';
import { messageText } from './mock-replies';
import { type Billing, type MockTurn, mockTurn, type TurnMessage } from './mock-turn';

/** Anthropic's Messages API (`POST /v1/messages`), answered from the same turn logic as the OpenAI side. */
export function anthropicMessage(body: Record<string, unknown>, counter: number, bill: Billing = () => undefined) {
  const { model, turn } = anthropicTurn(body);
  bill(turn.usage);
  return {
    id: `msg_mock_${counter}`, type: 'message', role: 'assistant', model,
    content: [contentBlock(turn, counter)],
    stop_reason: turn.toolCall ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: anthropicUsage(turn),
  };
}

/** The SSE events of a streamed message, as [event name, data] pairs. */
export function anthropicMessageEvents(body: Record<string, unknown>, counter: number, bill: Billing = () => undefined): Array<[string, unknown]> {
  const { model, turn } = anthropicTurn(body);
  bill(turn.usage);
  const usage = anthropicUsage(turn);
  const block = contentBlock(turn, counter);
  const events: Array<[string, unknown]> = [[
    'message_start',
    { type: 'message_start', message: { id: `msg_mock_${counter}`, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } },
  ]];
  if (block.type === 'tool_use') {
    events.push(['content_block_start', { type: 'content_block_start', index: 0, content_block: { ...block, input: {} } }]);
    events.push(['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } }]);
  } else {
    events.push(['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }]);
    for (const piece of turn.text.match(/\S+\s*|\s+/g) ?? []) {
      events.push(['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } }]);
    }
  }
  events.push(['content_block_stop', { type: 'content_block_stop', index: 0 }]);
  events.push(['message_delta', { type: 'message_delta', delta: { stop_reason: turn.toolCall ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.output_tokens } }]);
  events.push(['message_stop', { type: 'message_stop' }]);
  return events;
}

/** Anthropic's error body; `type` is its error type for the status. */
export function anthropicError(status: number, message: string) {
  const type = status === 401 ? 'authentication_error' : status === 429 ? 'rate_limit_error' : status === 404 ? 'not_found_error'
    : status >= 500 ? 'api_error' : 'invalid_request_error';
  return { type: 'error', error: { type, message } };
}

function anthropicTurn(body: Record<string, unknown>): { model: string; turn: MockTurn } {
  const model = requireString(body, 'model');
  if (typeof body.max_tokens !== 'number') throw new BadRequest("'max_tokens' is required and must be a number");
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) throw new BadRequest("'messages' must be a non-empty array");
  const system = typeof body.system === 'string' ? body.system : messageText(body.system);
  const turnMessages: TurnMessage[] = system ? [{ role: 'system', text: system }] : [];
  for (const message of messages.filter(isMessage)) turnMessages.push(...fromAnthropic(message.role, message.content));
  const tools = Array.isArray(body.tools)
    ? body.tools.map((tool: { name?: unknown; input_schema?: Record<string, unknown> }) => ({ name: String(tool?.name ?? ''), schema: tool?.input_schema }))
    : [];
  const choice = body.tool_choice as { type?: string; name?: string } | undefined;
  const format = body.output_format as { type?: string; schema?: Record<string, unknown> } | undefined;
  const turn = mockTurn({
    messages: turnMessages,
    tools,
    toolChoice: choice?.type === 'none' ? 'none' : choice?.name,
    jsonSchema: format?.type === 'json_schema' ? (format.schema ?? {}) : undefined,
  });
  return { model, turn };
}

/** A user message of tool_result blocks is a tool message to the turn logic. */
function fromAnthropic(role: string, content: unknown): TurnMessage[] {
  if (Array.isArray(content) && content.some((block) => block?.type === 'tool_result')) {
    return content.filter((block) => block?.type === 'tool_result').map((block) => ({ role: 'tool', text: messageText(block.content) }));
  }
  return [{ role: role === 'assistant' ? 'assistant' : 'user', text: messageText(content) }];
}

function contentBlock(turn: MockTurn, counter: number) {
  return turn.toolCall
    ? { type: 'tool_use' as const, id: `toolu_mock_${counter}`, name: turn.toolCall.name, input: turn.toolCall.arguments }
    : { type: 'text' as const, text: turn.text };
}

/** Anthropic counts cached tokens apart: input_tokens are the uncached ones. */
function anthropicUsage(turn: MockTurn) {
  return {
    input_tokens: turn.usage.input - turn.usage.cachedInput,
    output_tokens: turn.usage.output,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: turn.usage.cachedInput,
  };
}
