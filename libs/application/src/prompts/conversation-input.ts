import { CONVERSATION_INPUT, DomainError, type InputViolation, type PromptMessage } from '@crucible/domain';
import type { LlmMessage, LlmToolCall } from '../providers/ports';

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A chat app's `messages` input (the conversation so far): a list of OpenAI-shaped messages, or its JSON text, as a
 * test-set cell holds it. Assistant tool calls and tool results carry over. 422 naming the message that is wrong.
 */
export function conversationOf(inputs: Record<string, unknown>): LlmMessage[] {
  const raw = inputs[CONVERSATION_INPUT];
  if (raw === undefined || raw === null || raw === '') return [];
  const field = ['inputs', CONVERSATION_INPUT];
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw DomainError.invalidInput([{ field, reason: 'the conversation is neither a list of messages nor its JSON text', rule: 'malformed_json' }]);
    }
  }
  if (!Array.isArray(value)) throw DomainError.invalidInput([{ field, reason: 'the conversation must be a list of {role, content} messages', rule: 'not_list' }]);
  const violations: InputViolation[] = [];
  const messages = value.flatMap((item, index): LlmMessage[] => {
    const at = [...field, index];
    if (!isObject(item) || typeof item['role'] !== 'string' || !ROLES.has(item['role'])) {
      violations.push({ field: [...at, 'role'], reason: 'each message has a role: system, user, assistant or tool', rule: 'not_a_choice' });
      return [];
    }
    const content = typeof item['content'] === 'string' ? item['content'] : item['content'] === null || item['content'] === undefined ? '' : JSON.stringify(item['content']);
    switch (item['role']) {
      case 'assistant': {
        const toolCalls = Array.isArray(item['tool_calls']) ? item['tool_calls'].map(toolCallOf) : [];
        return [{ role: 'assistant', content, ...(toolCalls.length > 0 ? { toolCalls } : {}) }];
      }
      case 'tool':
        return [{ role: 'tool', toolCallId: String(item['tool_call_id'] ?? ''), toolName: String(item['name'] ?? ''), content }];
      default:
        return [{ role: item['role'] as 'system' | 'user', content }];
    }
  });
  if (violations.length > 0) throw DomainError.invalidInput(violations);
  return messages;
}

/** OpenAI's `{id, function: {name, arguments: "<json>"}}`. */
function toolCallOf(call: unknown): LlmToolCall {
  const fn = isObject(call) && isObject(call['function']) ? call['function'] : {};
  const args = fn['arguments'];
  let parsed: unknown = args;
  if (typeof args === 'string') {
    try {
      parsed = JSON.parse(args);
    } catch {
      parsed = {};
    }
  }
  return { id: String(isObject(call) ? call['id'] ?? '' : ''), name: String(fn['name'] ?? ''), arguments: isObject(parsed) ? parsed : {} };
}

/** A template message as the gateway takes it. */
export function llmMessageOf(message: PromptMessage): LlmMessage {
  if (message.role === 'tool') return { role: 'tool', toolCallId: message.tool_call_id ?? '', toolName: message.name ?? '', content: message.content };
  return { role: message.role, content: message.content };
}
