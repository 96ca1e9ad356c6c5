import { readTrace } from './foreign-trace';

describe('readTrace', () => {
  const ours = {
    trace_id: 't1', latency_ms: 12, cost: 0.5, tokens: { prompt: 3, completion: 4, total: 7 },
    spans: [{ span_id: 's', parent_span_id: null, name: 'w', kind: 'workflow', status: 'ok', start_time: '2026-11-27T14:00:00.000Z', end_time: '2026-11-27T14:00:00.012Z', latency_ms: 12 }],
  };

  it('keeps our SDK trace as it is', () => {
    expect(readTrace({ data: 'x', trace: ours }, 99)).toEqual(ours);
  });

  it('keeps cost, latency and tokens, not the spans, of a trace whose span times cannot be stored', () => {
    for (const start_time of ['soon', '2026-13-45T00:00:00Z', '+275760-01-01T00:00:00.000Z', '0000-01-01T00:00:00.000Z']) {
      const unstorable = { ...ours, spans: [{ ...ours.spans[0], start_time }] };
      expect(readTrace({ data: 'x', trace: unstorable }, 99)).toEqual({ ...ours, spans: [] });
    }
  });

  it('keeps cost, latency and tokens of a trace whose spans are not ours', () => {
    const foreign = { ...ours, spans: [{ id: 1, something: 'else' }] };
    expect(readTrace({ data: 'x', trace: foreign }, 99)).toEqual({ ...ours, spans: [] });
  });

  it("reads Agenta's older answer: cost, usage and latency in seconds", () => {
    const body = { message: 'Paris', cost: 0.002, latency: 1.5, usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 } };
    expect(readTrace(body, 99)).toEqual({ trace_id: '', latency_ms: 1500, cost: 0.002, tokens: { prompt: 10, completion: 2, total: 12 }, spans: [] });
  });

  it("reads Agenta's tree: accumulated costs and tokens of the root node, its span time in microseconds", () => {
    const body = { data: 'x', trace_id: 'abc', tree: { nodes: [{ metrics: { acc: { costs: { total: 0.01 }, tokens: { prompt: 5, completion: 5, total: 10 } } }, time: { span: 250_000 } }] } };
    expect(readTrace(body, 99)).toEqual({ trace_id: 'abc', latency_ms: 250, cost: 0.01, tokens: { prompt: 5, completion: 5, total: 10 }, spans: [] });
  });

  it('sums OpenTelemetry-style usage attributes over the spans, keeping the measured latency', () => {
    const body = { data: 'x', trace: { spans: [
      { attributes: { 'gen_ai.usage.input_tokens': 4, 'gen_ai.usage.output_tokens': 1, 'gen_ai.usage.cost': 0.25 } },
      { attributes: { 'gen_ai.usage.prompt_tokens': 6, 'gen_ai.usage.completion_tokens': 2 } },
      { attributes: { unrelated: true } },
    ] } };
    expect(readTrace(body, 42)).toEqual({ trace_id: '', latency_ms: 42, cost: 0.25, tokens: { prompt: 10, completion: 3, total: 13 }, spans: [] });
  });

  it('leaves out figures past the bounds our own traces keep, as if they were not given', () => {
    const body = { data: 'x', cost: 1e308, latency: 1e300, usage: { prompt_tokens: 1.5, completion_tokens: 2 } };
    expect(readTrace(body, 42)).toEqual({ trace_id: '', latency_ms: 42, cost: 0, tokens: { prompt: 0, completion: 2, total: 2 }, spans: [] });
    expect(readTrace({ data: 'x', trace: { ...ours, cost: 1e308 } }, 42)).toEqual({ ...ours, cost: 0, spans: [] });
  });

  it('answers null when the answer carries nothing to aggregate', () => {
    expect(readTrace({ data: 'x' }, 5)).toBeNull();
    expect(readTrace({ data: 'x', trace: { cost: 'a lot' } }, 5)).toBeNull();
  });
});
