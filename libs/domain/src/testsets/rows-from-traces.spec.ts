import { checkTraceMapping, rowFromTrace } from './rows-from-traces';

describe('rows from traces', () => {
  const source = {
    traceId: 't-1',
    inputs: { question: 'Capital of France?', context: { docs: ['a', 'b'] }, n: 3 },
    output: { answer: 'Paris' },
    rootAttributes: { 'http.route': '/chat', score: 0.5 },
  };

  it('reads inputs, output and root attributes into scalar cells, objects as their JSON, and adds the trace id', () => {
    const check = checkTraceMapping({ q: 'inputs.question', ctx: 'inputs.context', n: 'inputs.n', expected: 'output', route: 'attributes.http.route', gone: 'inputs.missing' });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(rowFromTrace(source, check.columns)).toEqual({
      q: 'Capital of France?', ctx: '{"docs":["a","b"]}', n: 3, expected: '{"answer":"Paris"}', route: '/chat', gone: null, trace_id: 't-1',
    });
  });

  it('gives null for inputs of a trace whose inputs are not an object, and for a root without attributes', () => {
    const check = checkTraceMapping({ q: 'inputs.question', route: 'attributes.http.route' });
    if (!check.ok) throw new Error('refused');
    expect(rowFromTrace({ traceId: 't-2', inputs: 'plain text', output: 'x', rootAttributes: null }, check.columns)).toEqual({ q: null, route: null, trace_id: 't-2' });
  });

  it('names each column whose source is not one of the three forms, the reserved trace_id column, and an empty mapping', () => {
    expect(checkTraceMapping({ a: 'input.question', b: 'outputs', c: 'inputs.', trace_id: 'output', d: 'output' })).toEqual({
      ok: false,
      violations: [
        { field: ['mapping', 'a'], rule: 'invalid_value', reason: expect.stringContaining('"input.question" is not') },
        { field: ['mapping', 'b'], rule: 'invalid_value', reason: expect.stringContaining('"outputs" is not') },
        { field: ['mapping', 'c'], rule: 'invalid_value', reason: expect.stringContaining('"inputs." is not') },
        { field: ['mapping', 'trace_id'], rule: 'invalid_value', reason: expect.stringContaining('the id of its trace') },
      ],
    });
    expect(checkTraceMapping({})).toMatchObject({ ok: false, violations: [{ field: ['mapping'], rule: 'too_few_items' }] });
  });
});
