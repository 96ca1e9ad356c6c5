import { jsonSchema, type ModelMessage, type ToolChoice, type ToolSet, tool } from 'ai';
import type { LlmMessage, LlmRequest, LlmTool, LlmToolCall } from '@crucible/application';

/** Our messages in the AI SDK's shape; system messages go to its `system` option, as it asks. */
export function modelMessages(messages: LlmMessage[]): { system?: string; messages: ModelMessage[] } {
  const system = messages.filter((message) => message.role === 'system').map((message) => message.content);
  const rest = messages.filter((message) => message.role !== 'system');
  return { ...(system.length > 0 ? { system: system.join('\n\n') } : {}), messages: rest.map(modelMessage) };
}

function modelMessage(message: LlmMessage): ModelMessage {
  {
    switch (message.role) {
      case 'tool':
        return {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: message.toolCallId, toolName: message.toolName, output: { type: 'text', value: message.content } }],
        };
      case 'assistant':
        if (!message.toolCalls?.length) return { role: 'assistant', content: message.content };
        return {
          role: 'assistant',
          content: [
            ...(message.content ? [{ type: 'text' as const, text: message.content }] : []),
            ...message.toolCalls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.name, input: call.arguments })),
          ],
        };
      default:
        return { role: message.role, content: message.content };
    }
  }
}

/** Tools without `execute`: the model's calls come back to the caller, nothing runs here. */
export function toolSet(tools: LlmTool[] | undefined): ToolSet | undefined {
  if (!tools?.length) return undefined;
  return Object.fromEntries(tools.map((offered) => [
    offered.name,
    tool({ description: offered.description, inputSchema: jsonSchema(offered.parameters) }),
  ]));
}

export function toolChoiceOf(choice: LlmRequest['toolChoice']): ToolChoice<ToolSet> | undefined {
  if (choice === undefined || typeof choice === 'string') return choice;
  return { type: 'tool', toolName: choice.tool };
}

export function toolCallOf(call: { toolCallId: string; toolName: string; input: unknown }): LlmToolCall {
  const args = typeof call.input === 'object' && call.input !== null && !Array.isArray(call.input) ? (call.input as Record<string, unknown>) : {};
  return { id: call.toolCallId, name: call.toolName, arguments: args };
}
