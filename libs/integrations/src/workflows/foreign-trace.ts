import { MAX_TRACE_COST_USD, MAX_TRACE_LATENCY_MS, MAX_TRACE_TOKENS, type Trace, traceSchema } from '@crucible/contracts';

/*
 * A workflow service that is not ours (Agenta's Python SDK, an OpenTelemetry-instrumented app) answers with its
 * own trace shape. Cost, latency and token counts are what evaluations aggregate, so they are read wherever such
 * services put them instead of dropping the whole trace when its spans do not match ours.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A figure within the bounds our own traces keep (trace.contract.ts), or undefined: NaN and Infinity are within none. */
const within = (max: number) => (value: unknown): number | undefined =>
  typeof value === 'number' && value >= 0 && value <= max ? value : undefined;
const costOf = within(MAX_TRACE_COST_USD);
const countOf = (value: unknown): number | undefined => {
  const count = within(MAX_TRACE_TOKENS)(value);
  return count !== undefined && Number.isInteger(count) ? count : undefined;
};
/** Any non-negative number, to be converted to milliseconds and bounded then. */
const duration = within(Number.MAX_VALUE);

function at(root: unknown, path: string): unknown {
  let value = root;
  for (const key of path.split('.')) {
    if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
    else if (isObject(value)) value = value[key];
    else return undefined;
  }
  return value;
}

const firstNumber = (root: unknown, paths: string[], read: (value: unknown) => number | undefined): number | undefined =>
  paths.map((path) => read(at(root, path))).find((value) => value !== undefined);

/** `{prompt, completion, total}` (ours), `{prompt_tokens, …}` (OpenAI, Agenta's usage). */
function tokensOf(value: unknown): Trace['tokens'] | undefined {
  if (!isObject(value)) return undefined;
  const prompt = countOf(value['prompt']) ?? countOf(value['prompt_tokens']) ?? countOf(value['input_tokens']);
  const completion = countOf(value['completion']) ?? countOf(value['completion_tokens']) ?? countOf(value['output_tokens']);
  const total = countOf(value['total']) ?? countOf(value['total_tokens']);
  if (prompt === undefined && completion === undefined && total === undefined) return undefined;
  return { prompt: prompt ?? 0, completion: completion ?? 0, total: total ?? (prompt ?? 0) + (completion ?? 0) };
}

const OTEL_PROMPT = ['gen_ai.usage.input_tokens', 'gen_ai.usage.prompt_tokens', 'llm.usage.prompt_tokens'];
const OTEL_COMPLETION = ['gen_ai.usage.output_tokens', 'gen_ai.usage.completion_tokens', 'llm.usage.completion_tokens'];
const OTEL_COST = ['gen_ai.usage.cost', 'llm.usage.cost', 'ag.metrics.unit.costs.total'];

/** OpenTelemetry-style spans: usage and cost summed from their attributes (flat dotted keys). */
function fromOtelSpans(spans: unknown): { cost?: number; tokens?: Trace['tokens'] } {
  if (!Array.isArray(spans)) return {};
  let prompt = 0;
  let completion = 0;
  let cost = 0;
  let seen = false;
  for (const span of spans) {
    const attributes = isObject(span) && isObject(span['attributes']) ? span['attributes'] : undefined;
    if (!attributes) continue;
    const read = (keys: string[], figure: (value: unknown) => number | undefined) =>
      keys.map((key) => figure(attributes[key])).find((value) => value !== undefined);
    const [p, c, k] = [read(OTEL_PROMPT, countOf), read(OTEL_COMPLETION, countOf), read(OTEL_COST, costOf)];
    if (p === undefined && c === undefined && k === undefined) continue;
    seen = true;
    prompt += p ?? 0;
    completion += c ?? 0;
    cost += k ?? 0;
  }
  return seen ? { cost, tokens: { prompt, completion, total: prompt + completion } } : {};
}

/** The trace of a workflow answer: ours as it is, another service's reduced to what evaluations aggregate; null when it has none. */
export function readTrace(body: Json, measuredLatencyMs: number): Trace | null {
  const ours = traceSchema.safeParse(body['trace']);
  if (ours.success) return ours.data;
  const otel = fromOtelSpans(at(body, 'trace.spans') ?? body['spans']);
  const cost = firstNumber(body, ['trace.cost', 'cost', 'trace.metrics.costs.total', 'tree.nodes.0.metrics.acc.costs.total'], costOf)
    ?? costOf(otel.cost);
  const tokens = tokensOf(at(body, 'trace.tokens')) ?? tokensOf(at(body, 'trace.usage')) ?? tokensOf(body['usage'])
    ?? tokensOf(at(body, 'tree.nodes.0.metrics.acc.tokens')) ?? tokensOf(otel.tokens);
  const latencySeconds = firstNumber(body, ['latency', 'trace.latency'], duration);
  const microseconds = firstNumber(body, ['tree.nodes.0.time.span'], duration);
  const latencyMs = within(MAX_TRACE_LATENCY_MS)(firstNumber(body, ['trace.latency_ms', 'latency_ms'], duration)
    ?? (latencySeconds !== undefined ? latencySeconds * 1000 : microseconds !== undefined ? microseconds / 1000 : undefined));
  if (cost === undefined && tokens === undefined && latencyMs === undefined) return null;
  const traceId = at(body, 'trace.trace_id') ?? body['trace_id'];
  return {
    trace_id: typeof traceId === 'string' ? traceId : '',
    latency_ms: latencyMs ?? measuredLatencyMs,
    cost: cost ?? 0,
    tokens: tokens ?? { prompt: 0, completion: 0, total: 0 },
    spans: [],
  };
}
