import { type StoredSpan, type TraceWithSpans, costSourceOf } from '@crucible/domain';
import type { CallPricer, ModelPricing } from '../providers/ports';

const PROVIDER_ATTRIBUTES = ['gen_ai.provider.name', 'gen_ai.system'];
const CACHED_INPUT_ATTRIBUTES = ['gen_ai.usage.cache_read.input_tokens', 'gen_ai.usage.cache_read_input_tokens', 'gen_ai.usage.cached_tokens'];

const firstOf = <T>(attributes: Record<string, unknown> | null, keys: string[], is: (value: unknown) => value is T): T | undefined => {
  for (const key of keys) if (attributes && is(attributes[key])) return attributes[key] as T;
  return undefined;
};
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** A span Crucible prices: a model and tokens, and no cost from the client (a reported cost always wins). */
const unpriced = (span: StoredSpan): boolean =>
  span.cost === null && span.model !== null && span.tokens !== null && span.tokens.prompt + span.tokens.completion > 0;

function price(span: StoredSpan, pricer: CallPricer): void {
  const cost = pricer({
    provider: firstOf(span.attributes, PROVIDER_ATTRIBUTES, isText),
    model: span.model!,
    usage: { input: span.tokens!.prompt, output: span.tokens!.completion, cachedInput: firstOf(span.attributes, CACHED_INPUT_ATTRIBUTES, isCount) },
  });
  if (cost === null) return;
  span.cost = cost;
  span.costSource = 'computed';
}

/**
 * The SDK's spans carry their subtree's totals, so a trace's cost is that of its topmost spans with a cost
 * (a span under a parent with a cost is already in the parent's).
 */
function topmostCost(spans: StoredSpan[]): number {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const hasCostedAncestor = (span: StoredSpan): boolean => {
    const seen = new Set<string>([span.spanId]);
    for (let parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined; parent && !seen.has(parent.spanId);
      parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined) {
      if (parent.cost !== null) return true;
      seen.add(parent.spanId);
    }
    return false;
  };
  return spans.filter((span) => span.cost !== null && !hasCostedAncestor(span)).reduce((sum, span) => sum + span.cost!, 0);
}

/**
 * Computes the cost of the batch's spans that have a model and tokens but no cost (ARCHITECTURE §15), and the totals of
 * their traces: an OTLP trace sums its spans; an SDK trace the client gave a cost keeps it. The project's prices are
 * read once per batch, and not at all when no span needs them.
 */
export async function withComputedCosts(projectId: string, items: TraceWithSpans[], pricing: ModelPricing): Promise<void> {
  const pending = items.filter(({ trace, spans }) => !(trace.source === 'sdk' && trace.cost > 0) && spans.some(unpriced));
  if (pending.length === 0) return;
  const pricer = await pricing.pricerFor(projectId);
  for (const { trace, spans } of pending) {
    for (const span of spans) if (unpriced(span)) price(span, pricer);
    if (trace.source === 'otlp') trace.cost = spans.reduce((sum, span) => sum + (span.cost ?? 0), 0);
    else trace.cost = topmostCost(spans);
    trace.costSource = costSourceOf(spans);
  }
}
