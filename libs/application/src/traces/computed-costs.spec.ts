import type { TraceRecord } from '@crucible/contracts';
import { CustomThenCatalogPricing, ProviderReadCache } from '../providers';
import { InMemoryCustomModelRepository, InMemoryModelCatalog, InMemoryProviderConnectionDirectory } from '../testing';
import { traceFromRecord } from './sdk-trace-records';
import { withComputedCosts } from './computed-costs';

const pricing = new CustomThenCatalogPricing(new InMemoryCustomModelRepository(), new InMemoryProviderConnectionDirectory(), new InMemoryModelCatalog([{
  id: 'openai/gpt-4o-mini', provider: 'openai', model: 'gpt-4o-mini', name: 'gpt 4o mini', contextWindow: null, maxOutputTokens: null,
  prices: { input: 0.15, output: 0.6, cachedInput: null },
}]), new ProviderReadCache());

/** An SDK trace: a workflow root carrying its subtree's usage, and the llm call under it; no cost unless given. */
function sdkTrace(cost: number, spanCost?: number): TraceRecord {
  const now = new Date().toISOString();
  const tokens = { prompt: 1000, completion: 500, total: 1500 };
  const span = { span_id: 'root', parent_span_id: null, name: 'generate', kind: 'workflow' as const, status: 'ok' as const, start_time: now,
    end_time: now, latency_ms: 1, model: 'gpt-4o-mini', tokens, ...(spanCost === undefined ? {} : { cost: spanCost }) };
  return { trace_id: 't', latency_ms: 1, cost, tokens, spans: [span, { ...span, span_id: 'llm', parent_span_id: 'root', kind: 'llm' }] };
}

describe('costs computed at trace ingest', () => {
  it('prices every SDK span with a model and tokens, and the trace once: its spans carry their subtree\'s totals', async () => {
    const item = traceFromRecord('p', sdkTrace(0));
    await withComputedCosts('p', [item], pricing);
    expect(item.spans.map((span) => [span.cost, span.costSource])).toEqual([[0.00045, 'computed'], [0.00045, 'computed']]);
    expect(item.trace).toMatchObject({ cost: 0.00045, costSource: 'computed' });
  });

  it('leaves a trace whose client reported its cost as it was', async () => {
    const item = traceFromRecord('p', sdkTrace(0.5, 0.5));
    await withComputedCosts('p', [item], pricing);
    expect(item.spans.map((span) => [span.cost, span.costSource])).toEqual([[0.5, 'reported'], [0.5, 'reported']]);
    expect(item.trace).toMatchObject({ cost: 0.5, costSource: 'reported' });
  });
});
