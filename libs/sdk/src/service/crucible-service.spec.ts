import request from 'supertest';
import { Agent, fetch as undiciFetch } from 'undici';
import { traceSchema, workflowErrorResponseSchema, workflowResponseSchema } from '@crucible/contracts';
import { ConfigValidationError, createService, Field, MCField, routingContext } from '../index';

class SummaryConfig {
  @Field({ default: 'Summary of: {text}' }) template!: string;
  @Field({ default: 3, ge: 1, le: 10, type: 'int' }) max_sentences!: number;
  @Field({ default: false }) shout!: boolean;
  @MCField({ default: 'short', choices: ['short', 'long'] }) style!: string;
}

function buildService() {
  const service = createService({ title: 'Test service' });
  const summarize = service.route('/summarize', SummaryConfig, { inputs: ['text'] })(async function summarize(
    inputs: { text: string },
    config: SummaryConfig,
  ) {
    const out = config.template.replace('{text}', inputs.text);
    return { summary: config.shout ? out.toUpperCase() : out, sentences: config.max_sentences, style: config.style, isInstance: config instanceof SummaryConfig };
  });
  service.entrypoint(SummaryConfig)(async (inputs) => `entry:${String(inputs.q)}:${JSON.stringify(routingContext.get().config)}`);
  service.route('/fail', SummaryConfig)(async () => {
    throw new Error('model exploded');
  });
  return { service, summarize };
}

describe('CrucibleService HTTP endpoints', () => {
  const { service, summarize } = buildService();
  const app = service.expressApp();

  it('answers GET /health', async () => {
    const response = await request(app).get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('runs a route on POST /playground/run/{route} with the config merged over defaults', async () => {
    const response = await request(app)
      .post('/playground/run/summarize')
      .send({ inputs: { text: 'cats' }, config: { shout: true, max_sentences: 5 } });
    expect(response.status).toBe(200);
    expect(workflowResponseSchema.parse(response.body)).toBeTruthy();
    expect(response.body.data).toEqual({ summary: 'SUMMARY OF: CATS', sentences: 5, style: 'short', isInstance: true });
    const trace = traceSchema.parse(response.body.trace);
    expect(trace.spans).toHaveLength(1);
    expect(trace.spans[0]).toMatchObject({
      name: 'summarize',
      kind: 'workflow',
      status: 'ok',
      parent_span_id: null,
      inputs: { text: 'cats' },
      outputs: response.body.data,
    });
    expect(trace.tokens).toEqual({ prompt: 0, completion: 0, total: 0 });
    expect(trace.cost).toBe(0);
  });

  it('uses every default when config is omitted', async () => {
    const response = await request(app).post('/playground/run/summarize').send({ inputs: { text: 'dogs' } });
    expect(response.status).toBe(200);
    expect(response.body.data.summary).toBe('Summary of: dogs');
  });

  it.each(['/generate', '/playground/run'])('serves the entrypoint playground on %s', async (path) => {
    const response = await request(app).post(path).send({ inputs: { q: 'hello' }, config: { style: 'long' } });
    expect(response.status).toBe(200);
    expect(response.body.data).toBe(
      'entry:hello:{"template":"Summary of: {text}","max_sentences":3,"shout":false,"style":"long"}',
    );
  });

  it('answers 422 in pydantic shape for a config that breaks the schema', async () => {
    const response = await request(app)
      .post('/playground/run/summarize')
      .send({ inputs: { text: 'x' }, config: { max_sentences: 11, style: 'medium', shout: 'yes', colour: 'red' } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        { loc: ['body', 'config', 'colour'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
        { loc: ['body', 'config', 'max_sentences'], msg: 'Input should be less than or equal to 10', type: 'less_than_equal' },
        { loc: ['body', 'config', 'shout'], msg: 'Input should be a valid boolean', type: 'bool_type' },
        { loc: ['body', 'config', 'style'], msg: "Input should be 'short' or 'long'", type: 'literal_error' },
      ],
    });
  });

  it('answers 422 for invalid JSON, a non-object body, bad inputs and missing declared inputs', async () => {
    const invalidJson = await request(app).post('/playground/run/summarize').set('content-type', 'application/json').send('{"inputs":');
    expect(invalidJson.status).toBe(422);
    expect(invalidJson.body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });

    const array = await request(app).post('/playground/run/summarize').send([1, 2]);
    expect(array.status).toBe(422);
    expect(array.body.detail[0]).toMatchObject({ loc: ['body'], type: 'dict_type' });

    const noBody = await request(app).post('/playground/run/summarize');
    expect(noBody.status).toBe(422);
    expect(noBody.body.detail[0]).toMatchObject({ loc: ['body'], type: 'missing' });

    const badInputs = await request(app).post('/playground/run/summarize').send({ inputs: 'text', config: [] });
    expect(badInputs.status).toBe(422);
    expect(badInputs.body.detail).toEqual([
      { loc: ['body', 'inputs'], msg: 'Input should be a valid dictionary', type: 'dict_type' },
      { loc: ['body', 'config'], msg: 'Input should be a valid dictionary', type: 'dict_type' },
    ]);

    const missing = await request(app).post('/playground/run/summarize').send({ inputs: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([{ loc: ['body', 'inputs', 'text'], msg: 'Field required', type: 'missing' }]);
  });

  it('answers 500 with message and stacktrace when the workflow throws', async () => {
    const response = await request(app).post('/playground/run/fail').send({ inputs: {} });
    expect(response.status).toBe(500);
    const body = workflowErrorResponseSchema.parse(response.body);
    expect(body.detail.message).toBe('model exploded');
    expect(body.detail.stacktrace).toContain('model exploded');
  });

  it('answers 404 for unknown paths and 405 for the wrong method', async () => {
    expect((await request(app).post('/playground/run/nope').send({})).status).toBe(404);
    const wrongMethod = await request(app).get('/playground/run/summarize');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toEqual({ detail: 'Method Not Allowed' });
  });

  it('fills optional inputs (a schema with a default) and requires the others', async () => {
    service.route('/optional', SummaryConfig, { inputs: { q: { type: 'string' }, k: { type: 'integer', default: 3 } } })(async (inputs) => inputs);
    const filled = await request(app).post('/playground/run/optional').send({ inputs: { q: 'x' } });
    expect(filled.body.data).toEqual({ q: 'x', k: 3 });
    const missing = await request(app).post('/playground/run/optional').send({ inputs: { k: 1 } });
    expect(missing.body.detail).toEqual([{ loc: ['body', 'inputs', 'q'], msg: 'Field required', type: 'missing' }]);
  });

  it('serves routes declared after the express app was built', async () => {
    service.route('/late', SummaryConfig)(async () => 'late');
    const response = await request(app).post('/playground/run/late').send({ inputs: {} });
    expect(response.body.data).toBe('late');
  });

  it('keeps the workflow callable directly, with defaults and validation', async () => {
    await expect(summarize({ text: 'direct' }, { style: 'long' })).resolves.toMatchObject({ summary: 'Summary of: direct', style: 'long' });
    await expect(summarize({ text: 'direct' }, { max_sentences: 0 })).rejects.toThrow(ConfigValidationError);
    expect(summarize.route.endpoints).toEqual({ playground: ['/playground/run/summarize'], deployed: ['/run/summarize'] });
  });

  it('listens on a port and closes', async () => {
    const running = await service.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${running.url}/playground/run/summarize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ inputs: { text: 'net' } }),
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: { summary: string } }).data.summary).toBe('Summary of: net');
    } finally {
      await running.close();
    }
  });

  it('answers a request already sent on a kept-alive connection while the process was busy for 6.5 s', async () => {
    const running = await service.listen({ port: 0, host: '127.0.0.1' });
    const oneConnection = new Agent({ connections: 1 });
    const call = (text: string) =>
      undiciFetch(`${running.url}/playground/run/summarize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ inputs: { text } }),
        dispatcher: oneConnection,
      });
    try {
      // The second call waits for the connection and is written the moment the first answer arrives; the process then
      // blocks before the server reads it, so the server's keep-alive timer (Node's 5 s, closing after 6) is due first.
      const first = call('first').then((response) => {
        const until = Date.now() + 6_500;
        while (Date.now() < until);
        return response.status;
      });
      const second = call('second').then((response) => response.status);
      expect(await Promise.all([first, second])).toEqual([200, 200]);
    } finally {
      await oneConnection.close();
      await running.close();
    }
  }, 30_000);
});

describe('route as a method decorator', () => {
  const service = createService();

  class Pipeline {
    private readonly prefix = 'method';

    @service.route('/method', SummaryConfig)
    async run(inputs: { text: string }, config: SummaryConfig): Promise<string> {
      return `${this.prefix}:${inputs.text}:${config.style}`;
    }

    @service.route('/static', SummaryConfig)
    static async staticRun(inputs: { text: string }): Promise<string> {
      return `static:${inputs.text}:${this.name}`;
    }
  }

  it('registers instance and static methods, keeping `this`', async () => {
    const app = service.expressApp();
    const instance = await request(app).post('/playground/run/method').send({ inputs: { text: 'a' }, config: { style: 'long' } });
    expect(instance.body.data).toBe('method:a:long');
    const stat = await request(app).post('/playground/run/static').send({ inputs: { text: 'b' } });
    expect(stat.body.data).toBe(`static:b:${Pipeline.name}`);
    expect(service.routes.map((route) => route.name)).toEqual(['run', 'staticRun']);
  });
});
