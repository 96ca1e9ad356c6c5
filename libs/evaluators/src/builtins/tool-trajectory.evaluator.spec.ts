import type { Span, Trace } from '@crucible/contracts';
import { validateEvaluatorSettings } from '../settings/validate-evaluator-settings';
import { anError, bool, evaluatorFixture } from '../testing/evaluator-fixture';

/** A trace whose spans start one second apart in the order given; `llm` and `workflow` spans are not tools. */
function traceOf(...names: string[]): Trace {
  const spans: Span[] = names.map((name, i) => {
    const start = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    return {
      span_id: `s${i}`, parent_span_id: i === 0 ? null : 's0', name: name.replace(/^llm:/, ''),
      kind: i === 0 ? 'workflow' : name.startsWith('llm:') ? 'llm' : 'tool', status: 'ok', start_time: start, end_time: start, latency_ms: 1,
    };
  });
  return { trace_id: 't1', latency_ms: 10, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 }, spans };
}

describe('tool_trajectory', () => {
  const { run } = evaluatorFixture();
  const key = 'tool_trajectory';
  // The root span is the workflow; the model's own call is an llm span, not a tool.
  const trace = traceOf('agent', 'search', 'llm:plan', 'fetch', 'summarize');

  it('by default the tool spans are exactly the expected sequence', async () => {
    expect(await run(key, { trace, settings: { expected_tools: ['search', 'fetch', 'summarize'] } })).toEqual(bool(true));
    expect(await run(key, { trace, settings: { expected_tools: ['search', 'summarize'] } })).toEqual(bool(false));
    expect(await run(key, { trace, settings: { expected_tools: ['fetch', 'search', 'summarize'] } })).toEqual(bool(false));
  });

  it('allow_extra: the expected tools in order, other calls between them', async () => {
    const settings = { expected_tools: ['search', 'summarize'], allow_extra: true };
    expect(await run(key, { trace, settings })).toEqual(bool(true));
    expect(await run(key, { trace, settings: { ...settings, expected_tools: ['summarize', 'search'] } })).toEqual(bool(false));
    expect(await run(key, { trace, settings: { ...settings, expected_tools: ['search', 'search'] } })).toEqual(bool(false));
  });

  it('in_order false: the same tools in any order, extras only when allowed', async () => {
    const settings = { expected_tools: ['summarize', 'search', 'fetch'], in_order: false };
    expect(await run(key, { trace, settings })).toEqual(bool(true));
    expect(await run(key, { trace, settings: { ...settings, expected_tools: ['summarize', 'search'] } })).toEqual(bool(false));
    expect(await run(key, { trace, settings: { ...settings, expected_tools: ['summarize', 'search'], allow_extra: true } })).toEqual(bool(true));
    expect(await run(key, { trace, settings: { ...settings, expected_tools: ['search', 'search'], allow_extra: true } })).toEqual(bool(false));
  });

  it('orders spans by their start, not by where the trace lists them', async () => {
    const shuffled = { ...trace, spans: [trace.spans[0]!, trace.spans[4]!, trace.spans[1]!, trace.spans[3]!] };
    expect(await run(key, { trace: shuffled, settings: { expected_tools: ['search', 'fetch', 'summarize'] } })).toEqual(bool(true));
  });

  it('reads the expected tools from the column, as a JSON list or comma-separated names', async () => {
    expect(await run(key, { trace, correctAnswer: '["search", "fetch", "summarize"]' })).toEqual(bool(true));
    expect(await run(key, { trace, correctAnswer: 'search, fetch, summarize' })).toEqual(bool(true));
    expect(await run(key, { trace, correctAnswer: ['search', 'fetch'] })).toEqual(bool(false));
    expect(await run(key, { trace, correctAnswer: { name: 'search' } })).toEqual(anError(/list of tool names/));
  });

  it('is an error without a trace or without expected tools; no tool spans is an empty trajectory', async () => {
    expect(await run(key, { settings: { expected_tools: ['search'] } })).toEqual(anError(/no trace/));
    expect(await run(key, { trace })).toEqual(anError(/ground truth/));
    expect(await run(key, { trace: traceOf('agent'), settings: { expected_tools: ['search'] } })).toEqual(bool(false));
  });

  it('validates its settings, naming the field', () => {
    const check = validateEvaluatorSettings(key, { expected_tools: 3, in_order: 'sometimes' });
    expect(check.ok ? [] : check.violations.map((v) => v.field.join('.'))).toEqual(['settings_values.expected_tools', 'settings_values.in_order']);
    expect(validateEvaluatorSettings(key, { expected_tools: 'search, fetch', allow_extra: 'true' })).toEqual({
      ok: true, settings: { expected_tools: ['search', 'fetch'], in_order: true, allow_extra: true },
    });
  });
});
