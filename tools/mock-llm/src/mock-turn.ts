import { mockJudgeVerdict } from '@crucible/application/testing';
import { countWords, replyFor } from './mock-replies';

/** A message of either wire format, reduced to what the mock's answer depends on. */
export interface TurnMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  text: string;
}

export interface TurnRequest {
  messages: TurnMessage[];
  /** Offered tools, with the JSON schema of their arguments when known. */
  tools: Array<{ name: string; schema?: Record<string, unknown> }>;
  /** A tool's name to call, 'none', or undefined (the first tool is called when tools are given). */
  toolChoice?: string;
  jsonSchema?: Record<string, unknown>;
  /** The request's sampling temperature; absent or 0: greedy. */
  temperature?: number;
}

/**
 * Temperature-sampled answers: a draw in [0, 1) for the n-th call (counted from 1) carrying the same prompt. The
 * server seeds it with its seed, the prompt and n, so each prompt's sequence of answers repeats from run to run
 * whatever other prompts are asked in between (an evaluation's rows run concurrently).
 */
export type Sampler = (prompt: string) => number;

export type MockUsage = MockTurn['usage'];

/** Told the tokens of every answer, as a provider bills them. */
export type Billing = (usage: MockUsage) => void;

export interface MockTurn {
  text: string;
  toolCall?: { name: string; arguments: Record<string, unknown> };
  usage: { input: number; cachedInput: number; output: number };
}

const TOOL_ARGS_LINE = /^[ \t]*MOCK_TOOL_ARGS:[ \t]?(.*)$/m;
const REPLY_LINE = /^[ \t]*MOCK_REPLY:[ \t]?(.*)$/m;
const SAMPLES_LINE = /^[ \t]*MOCK_SAMPLES:[ \t]?(.*)$/m;

/**
 * `MOCK_SAMPLES: a | b | c` in the last user message: at a temperature above 0 the reply is one of the choices, drawn
 * per call (a choice listed twice is twice as likely); at temperature 0 it is always the first, as greedy decoding is.
 */
function sampledReply(lastUser: string, temperature: number | undefined, sampler: Sampler | undefined): string | undefined {
  const line = SAMPLES_LINE.exec(lastUser)?.[1];
  if (line === undefined) return undefined;
  const choices = line.split('|').map((choice) => choice.trim());
  if (!temperature || temperature <= 0 || !sampler) return choices[0];
  return choices[Math.min(choices.length - 1, Math.floor(sampler(lastUser) * choices.length))];
}

/**
 * The answer both wire formats give: a tool call when tools are offered and no tool result came back yet (arguments
 * from a `MOCK_TOOL_ARGS: {json}` line, else a JSON `MOCK_REPLY`, else the smallest fit of its schema), JSON when a
 * schema is asked for (a JSON `MOCK_REPLY` as it is, fitting or not; else a judge's verdict, see mockJudgeVerdict;
 * else the smallest fit of the schema), else a sampled reply (`MOCK_SAMPLES`), else the usual reply. The
 * system messages count as cached input, so cached-token accounting has something to show.
 */
export function mockTurn(request: TurnRequest, sampler?: Sampler): MockTurn {
  const last = request.messages.at(-1);
  const lastUser = [...request.messages].reverse().find((message) => message.role === 'user')?.text ?? '';
  const input = Math.max(1, request.messages.reduce((sum, message) => sum + countWords(message.text), 0));
  const system = request.messages.filter((message) => message.role === 'system').reduce((sum, m) => sum + countWords(m.text), 0);
  const usageFor = (answer: string) => ({ input, cachedInput: Math.min(system, input), output: Math.max(1, countWords(answer)) });
  if (request.tools.length > 0 && request.toolChoice !== 'none' && last?.role !== 'tool') {
    const tool = request.tools.find((offered) => offered.name === request.toolChoice) ?? request.tools[0];
    const args = parseObject(TOOL_ARGS_LINE.exec(lastUser)?.[1]) ?? parseObject(REPLY_LINE.exec(lastUser)?.[1]) ?? (tool.schema ? sampleOf(tool.schema) as Record<string, unknown> : {});
    return { text: '', toolCall: { name: tool.name, arguments: args }, usage: usageFor(JSON.stringify(args)) };
  }
  if (last?.role === 'tool') {
    const text = `Tool result: ${last.text.trim()}`;
    return { text, usage: usageFor(text) };
  }
  if (request.jsonSchema) {
    const scripted = parseObject(REPLY_LINE.exec(lastUser)?.[1]);
    // A scripted answer may be off the schema on purpose: that is how a test makes a judge answer outside it.
    const text = JSON.stringify(scripted ?? mockJudgeVerdict(lastUser, request.jsonSchema) ?? sampleOf(request.jsonSchema));
    return { text, usage: usageFor(text) };
  }
  const text = sampledReply(lastUser, request.temperature, sampler)
    ?? replyFor(request.messages.filter((m) => m.role !== 'tool').map((m) => ({ role: m.role, content: m.text })));
  return { text, usage: usageFor(text) };
}

function parseObject(raw: string | undefined): Record<string, unknown> | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The smallest value of a JSON schema: required properties filled, strings 'mock', numbers 0. */
function sampleOf(schema: Record<string, unknown>): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, sampleOf(value)]));
    }
    case 'array':
      return [];
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'mock';
  }
}
