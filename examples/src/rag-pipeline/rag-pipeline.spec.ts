import request from 'supertest';
import { startMockLlmServer, MockLlmServer } from '@crucible/mock-llm';
import { CrucibleService, init } from '@crucible/sdk';
import { DEFAULT_CORPUS } from './corpus';
import { createRagPipeline } from './rag-pipeline';

interface SpanView {
  span_id: string;
  parent_span_id: string | null;
  name: string;
  kind: string;
  inputs?: unknown;
}

describe('RAG pipeline against the mock LLM', () => {
  let mock: MockLlmServer;
  let service: CrucibleService;
  const documents = ['The cat sat on the mat.', 'Stock markets fell sharply today.', 'A cat chased a mouse across the mat.'];

  beforeAll(async () => {
    mock = await startMockLlmServer();
    init({ host: 'http://127.0.0.1:9', openaiBaseUrl: mock.url, openaiApiKey: 'test', llmMaxRetries: 0 });
    service = createRagPipeline();
  });
  afterAll(() => mock.close());

  const parentName = (spans: SpanView[], span: SpanView) => spans.find((candidate) => candidate.span_id === span.parent_span_id)?.name;

  it('/embed returns normalised vectors, reading its config through ConfigManager', async () => {
    const response = await request(service.expressApp())
      .post('/playground/run/embed')
      .send({ inputs: { texts: ['Hello World', 'hello world'] }, config: { lowercase: false } });
    expect(response.status).toBe(200);
    expect(response.body.data.dimensions).toBe(64);
    const [a, b] = response.body.data.embeddings as number[][];
    expect(a).toEqual(b);
    const spans: SpanView[] = response.body.trace.spans;
    expect(spans.map((span) => span.name)).toEqual(['embed', 'embed_texts', 'llm.embed']);
    expect(spans[2].inputs).toEqual({ model: 'text-embedding-3-small', input: ['Hello World', 'hello world'] });
  });

  it('/retrieve ranks documents by similarity with top_k from the config', async () => {
    const response = await request(service.expressApp())
      .post('/playground/run/retrieve')
      .send({ inputs: { query: 'cat on the mat', documents }, config: { top_k: 2 } });
    expect(response.status).toBe(200);
    const ranked = response.body.data as { text: string; score: number }[];
    expect(ranked).toHaveLength(2);
    expect(ranked.map((item) => item.text)).toEqual([documents[0], documents[2]]);
    expect(ranked[0].score).toBeGreaterThan(ranked[1].score);
    const spans: SpanView[] = response.body.trace.spans;
    expect(spans.map((span) => [span.name, parentName(spans, span) ?? null])).toEqual([
      ['retrieveRoute', null],
      ['retrieve', 'retrieveRoute'],
      ['embed_texts', 'retrieve'],
      ['llm.embed', 'embed_texts'],
      ['rank', 'retrieve'],
    ]);
  });

  it('/summarize retrieves from the built-in corpus and summarises with nested spans and summed usage', async () => {
    const response = await request(service.expressApp())
      .post('/playground/run/summarize')
      .send({ inputs: { query: 'What does the SDK do?' }, config: { top_k: 1, model: 'gpt-4o' } });
    expect(response.status).toBe(200);
    const { summary, sources } = response.body.data;
    expect(sources).toHaveLength(1);
    expect(DEFAULT_CORPUS).toContain(sources[0].text);
    expect(summary).toBe(`Echo: Use the context to answer the question.\n\nContext:\n[1] ${sources[0].text}\n\nQuestion: What does the SDK do?`);
    const spans: SpanView[] = response.body.trace.spans;
    expect(spans.map((span) => [span.name, parentName(spans, span) ?? null])).toEqual([
      ['summarizeRoute', null],
      ['retrieve', 'summarizeRoute'],
      ['embed_texts', 'retrieve'],
      ['llm.embed', 'embed_texts'],
      ['rank', 'retrieve'],
      ['summarize', 'summarizeRoute'],
      ['llm.chat', 'summarize'],
    ]);
    const trace = response.body.trace;
    const llmSpans = trace.spans.filter((span: { kind: string }) => span.kind === 'llm' || span.kind === 'embedding');
    const sum = llmSpans.reduce((total: number, span: { tokens: { total: number } }) => total + span.tokens.total, 0);
    expect(trace.tokens.total).toBe(sum);
    expect(trace.cost).toBeGreaterThan(0);
  });

  it('answers 422 for a missing required input, and for a config out of bounds', async () => {
    const missing = await request(service.expressApp()).post('/playground/run/retrieve').send({ inputs: { documents } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([{ loc: ['body', 'inputs', 'query'], msg: 'Field required', type: 'missing' }]);
    const outOfBounds = await request(service.expressApp()).post('/playground/run/retrieve').send({ inputs: { query: 'q' }, config: { top_k: 0 } });
    expect(outOfBounds.status).toBe(422);
    expect(outOfBounds.body.detail).toEqual([
      { loc: ['body', 'config', 'top_k'], msg: 'Input should be greater than or equal to 1', type: 'greater_than_equal' },
    ]);
  });

  it('documents optional inputs with their default in /openapi.json', async () => {
    const response = await request(service.expressApp()).get('/openapi.json');
    const inputs = response.body.paths['/playground/run/summarize'].post.requestBody.content['application/json'].schema.properties.inputs;
    expect(inputs.required).toEqual(['query']);
    expect(inputs.properties.documents.default).toEqual(DEFAULT_CORPUS);
  });

  it('lists its three routes under x-crucible-routes', async () => {
    const response = await request(service.expressApp()).get('/openapi.json');
    expect(response.body['x-crucible-routes'].map((route: { path: string; deployed_path: string }) => [route.path, route.deployed_path])).toEqual([
      ['/embed', '/run/embed'],
      ['/retrieve', '/run/retrieve'],
      ['/summarize', '/run/summarize'],
    ]);
  });
});
