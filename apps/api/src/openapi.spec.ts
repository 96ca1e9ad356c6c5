import type { INestApplication } from '@nestjs/common';
import pino from 'pino';
import { createApiApp } from './app.factory';
import { buildOpenApiDocument } from './openapi';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

describe('/openapi.json', () => {
  let app: INestApplication;
  let paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;

  beforeAll(async () => {
    app = await createApiApp({
      database: { kind: 'pglite', dataDir: null },
      queue: { kind: 'in-process', concurrency: 1 },
      logger: pino({ level: 'silent' }),
    });
    paths = buildOpenApiDocument(app).paths as typeof paths;
  }, 120_000);
  afterAll(() => app?.close());

  const operations = () => Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ name: `${method.toUpperCase()} ${path}`, operation: item[method]! }] : [])));

  it('declares the success answer of every operation: a schema, or 204 No Content', () => {
    const missing = operations().flatMap(({ name, operation }) => {
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      const described = success.some(([status, response]) =>
        status === '204' || Object.values(response.content ?? {}).some((media) => media.schema && Object.keys(media.schema).length > 0));
      return described ? [] : [name];
    });
    expect(operations().length).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it('answers 200 for every POST, as the seed and Agenta clients expect', () => {
    const posts = operations().filter(({ name }) => name.startsWith('POST '));
    const other = posts.filter(({ operation }) => !operation.responses?.['200']).map(({ name }) => name);
    expect(other).toEqual([]);
  });
});
