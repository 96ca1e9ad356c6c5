import request from 'supertest';
import { traceSchema } from '@crucible/contracts';
import { createService, currentTraceId, Field, init, instrument, recordUsage, REDACTION_FAILED } from '../index';

class Cfg {
  @Field({ default: 'x' }) a!: string;
}

function buildService() {
  const service = createService();
  const double = instrument('double', (n: number) => n * 2);
  const fetchDocs = instrument(
    'fetch_docs',
    async (query: string, limit: number) => {
      recordUsage({ model: 'gpt-4o-mini', tokens: { prompt: 1000, completion: 500 }, cost: 0.01 });
      return [`${query}-1`, `${query}-2`].slice(0, limit);
    },
    { kind: 'tool' },
  );
  const failing = instrument('failing', async () => {
    throw new Error('step failed');
  });
  const secret = instrument('secret_step', async (input: { password: string }) => ({ token: `t-${input.password}` }), {
    redact: (_name, field, data) => (field === 'inputs' ? { password: '***' } : data),
  });

  service.route('/traced', Cfg)(async function traced(inputs: { q: string }) {
    const docs = await fetchDocs(inputs.q, 2);
    const [left, right] = await Promise.all([fetchDocs('left', 1), fetchDocs('right', 1)]);
    await failing().catch(() => undefined);
    const token = await secret({ password: 'hunter2' });
    return { docs, left, right, doubled: double(21), token };
  });
  return service;
}

describe('tracing', () => {
  beforeEach(() => init({ host: 'http://127.0.0.1:9' }));

  it('records nested spans with parents, inputs, outputs, timings, status and summed usage', async () => {
    const response = await request(buildService().expressApp()).post('/playground/run/traced').send({ inputs: { q: 'cats' } });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ docs: ['cats-1', 'cats-2'], left: ['left-1'], right: ['right-1'], doubled: 42, token: { token: 't-hunter2' } });

    const trace = traceSchema.parse(response.body.trace);
    const [root, ...children] = trace.spans;
    expect(root).toMatchObject({ name: 'traced', kind: 'workflow', parent_span_id: null, inputs: { q: 'cats' } });
    expect(children.map((span) => [span.name, span.kind, span.status])).toEqual([
      ['fetch_docs', 'tool', 'ok'],
      ['fetch_docs', 'tool', 'ok'],
      ['fetch_docs', 'tool', 'ok'],
      ['failing', 'task', 'error'],
      ['secret_step', 'task', 'ok'],
      ['double', 'task', 'ok'],
    ]);
    for (const span of children) expect(span.parent_span_id).toBe(root.span_id);
    expect(children[0]).toMatchObject({ inputs: ['cats', 2], outputs: ['cats-1', 'cats-2'], model: 'gpt-4o-mini', tokens: { prompt: 1000, completion: 500, total: 1500 }, cost: 0.01 });
    expect(children[3].error).toMatchObject({ message: 'step failed', stacktrace: expect.stringContaining('step failed') });
    expect(children[5]).toMatchObject({ inputs: 21, outputs: 42 });
    for (const span of trace.spans) {
      expect(Date.parse(span.end_time)).toBeGreaterThanOrEqual(Date.parse(span.start_time));
      expect(span.latency_ms).toBeGreaterThanOrEqual(0);
    }
    expect(trace.tokens).toEqual({ prompt: 3000, completion: 1500, total: 4500 });
    expect(trace.cost).toBeCloseTo(0.03, 10);
    expect(root.tokens).toEqual(trace.tokens);
    expect(trace.latency_ms).toBe(root.latency_ms);
  });

  it('applies a span-level redact function', async () => {
    const response = await request(buildService().expressApp()).post('/playground/run/traced').send({ inputs: { q: 'cats' } });
    const span = response.body.trace.spans.find((candidate: { name: string }) => candidate.name === 'secret_step');
    expect(span.inputs).toEqual({ password: '***' });
    expect(span.outputs).toEqual({ token: 't-hunter2' });
  });

  it('tells a route, and anything it calls, the id of the trace it runs in', async () => {
    const service = createService();
    const nested = instrument('nested', async () => currentTraceId());
    service.route('/ids', Cfg)(async () => ({ own: currentTraceId(), nested: await nested() }));
    const app = service.expressApp();
    const first = await request(app).post('/playground/run/ids').send({ inputs: {} });
    const second = await request(app).post('/playground/run/ids').send({ inputs: {} });
    expect(first.body.data).toEqual({ own: first.body.trace.trace_id, nested: first.body.trace.trace_id });
    expect(second.body.data.own).toBe(second.body.trace.trace_id);
    expect(second.body.data.own).not.toBe(first.body.data.own);
    expect(currentTraceId()).toBeUndefined();
  });

  it('runs instrumented functions normally outside a trace', async () => {
    const add = instrument('add', (a: number, b: number) => a + b);
    expect(add(2, 3)).toBe(5);
    await expect(instrument('boom', async () => Promise.reject(new Error('no')))()).rejects.toThrow('no');
    expect(() => instrument('sync-boom', () => {
      throw new Error('sync');
    })()).toThrow('sync');
  });
});

describe('redaction given to init', () => {
  const service = createService();
  service.route('/echo', Cfg)(async (inputs: { email: string; note: string }) => ({ reply: `hello ${inputs.email}`, note: inputs.note }));
  const app = service.expressApp();
  const call = () => request(app).post('/playground/run/echo').send({ inputs: { email: 'ann@example.com', note: 'hi' } });

  it('rewrites span inputs and outputs, leaving the returned data intact', async () => {
    init({
      redact: (name, field, data) => JSON.parse(JSON.stringify(data).replace(/[\w.]+@[\w.]+/g, `<email:${name}:${field}>`)),
    });
    const response = await call();
    expect(response.body.data).toEqual({ reply: 'hello ann@example.com', note: 'hi' });
    expect(response.body.trace.spans[0].inputs).toEqual({ email: '<email:/echo:inputs>', note: 'hi' });
    expect(response.body.trace.spans[0].outputs).toEqual({ reply: 'hello <email:/echo:outputs>', note: 'hi' });
  });

  it('drops the data when redaction throws and redactOnError is true (the default)', async () => {
    const warn = jest.fn();
    init({
      redact: () => {
        throw new Error('regex blew up');
      },
      logger: { warn },
    });
    const response = await call();
    expect(response.status).toBe(200);
    expect(response.body.trace.spans[0].inputs).toBe(REDACTION_FAILED);
    expect(response.body.trace.spans[0].outputs).toBe(REDACTION_FAILED);
    expect(JSON.stringify(response.body.trace)).not.toContain('ann@example.com');
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps the raw data and warns when redaction throws and redactOnError is false', async () => {
    const warn = jest.fn();
    init({
      redact: () => {
        throw new Error('regex blew up');
      },
      redactOnError: false,
      logger: { warn },
    });
    const response = await call();
    expect(response.body.trace.spans[0].inputs).toEqual({ email: 'ann@example.com', note: 'hi' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('redaction of inputs of span "/echo" failed (regex blew up)'));
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('warns through console.warn by default', async () => {
    const spy = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      init({ redact: () => { throw new Error('bad'); }, redactOnError: false });
      await call();
      expect(spy).toHaveBeenCalledWith(expect.stringContaining('keeping the data unredacted'));
    } finally {
      spy.mockRestore();
    }
  });
});
