import request from 'supertest';
import { CrucibleRouteDescriptor, crucibleRouteDescriptorSchema, defaultParameters } from '@crucible/contracts';
import { supportedLlmModels } from '../assets';
import { createService, Field, MCField } from '../index';

class EveryKind {
  @Field({ default: 'Hello {name}', description: 'The prompt' }) prompt_template!: string;
  @Field({ default: 0.7, ge: 0, le: 2 }) temperature!: number;
  @Field({ default: 100, gt: 0, lt: 4001, type: 'int' }) max_tokens!: number;
  @Field({ default: true }) use_cache!: boolean;
  @MCField({ default: 'gpt-4o-mini', choices: supportedLlmModels }) model!: string;
  @MCField({ default: 'en', choices: ['en', 'fr'] }) language!: string;
}

class Small {
  @Field({ default: 3, ge: 1, type: 'int' }) top_k!: number;
}

describe('GET /openapi.json', () => {
  const service = createService({ title: 'Docs', version: '2.0.0' });
  service.entrypoint(EveryKind, { inputs: ['name'] })(async () => 'x');
  service.route('/retrieve', Small, { inputs: { query: { type: 'string' }, documents: { type: 'array', items: { type: 'string' } } } })(async () => []);

  /** A JSON document walked by key; arrays are cast where they are used. */
  interface Walk {
    [key: string]: Walk;
  }
  let doc: Walk;
  beforeAll(async () => {
    const response = await request(service.expressApp()).get('/openapi.json');
    expect(response.status).toBe(200);
    doc = response.body;
  });

  it('is an OpenAPI 3.1 document listing every endpoint', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toEqual({ title: 'Docs', version: '2.0.0' });
    expect(Object.keys(doc.paths).sort()).toEqual(
      ['/generate', '/generate_deployed', '/health', '/playground/run', '/playground/run/retrieve', '/run', '/run/retrieve'].sort(),
    );
  });

  it('inlines the config schema with x-parameter hints in every playground operation', () => {
    for (const path of ['/generate', '/playground/run']) {
      const body = doc.paths[path].post.requestBody.content['application/json'].schema;
      expect(JSON.stringify(body)).not.toContain('$ref');
      expect(body.properties.inputs).toMatchObject({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
      expect(body.properties.config.properties).toEqual({
        prompt_template: { title: 'Prompt Template', description: 'The prompt', type: 'string', 'x-parameter': 'text', default: 'Hello {name}' },
        temperature: { title: 'Temperature', type: 'number', 'x-parameter': 'float', default: 0.7, minimum: 0, maximum: 2 },
        max_tokens: { title: 'Max Tokens', type: 'integer', 'x-parameter': 'int', default: 100, exclusiveMinimum: 0, exclusiveMaximum: 4001 },
        use_cache: { title: 'Use Cache', type: 'boolean', 'x-parameter': 'bool', default: true },
        model: {
          title: 'Model',
          type: 'string',
          'x-parameter': 'grouped_choice',
          default: 'gpt-4o-mini',
          choices: supportedLlmModels,
          enum: Object.values(supportedLlmModels).flat(),
        },
        language: { title: 'Language', type: 'string', 'x-parameter': 'choice', default: 'en', enum: ['en', 'fr'] },
      });
    }
    const retrieve = doc.paths['/playground/run/retrieve'].post.requestBody.content['application/json'].schema;
    expect(retrieve.properties.config.properties.top_k).toEqual({ title: 'Top K', type: 'integer', 'x-parameter': 'int', default: 3, minimum: 1 });
    expect(retrieve.properties.inputs.properties.documents).toEqual({ type: 'array', items: { type: 'string' } });
  });

  it('describes the deployed body as environment or variant', () => {
    const body = doc.paths['/run/retrieve'].post.requestBody.content['application/json'].schema;
    expect((body.oneOf as unknown as { required: string[] }[]).map((option) => option.required)).toEqual([
      ['inputs', 'environment'],
      ['inputs', 'variant'],
    ]);
    expect(Object.keys(doc.paths['/run'].post.responses)).toEqual(['200', '404', '422', '500', '503']);
    expect(doc.components.schemas.Trace).toBeDefined();
  });

  it('lists routes with their config schemas under x-crucible-routes', () => {
    const routes = doc['x-crucible-routes'] as unknown as CrucibleRouteDescriptor[];
    expect(routes.map((route) => crucibleRouteDescriptorSchema.parse(route))).toHaveLength(2);
    expect(routes.map(({ path, playground_path, deployed_path }) => ({ path, playground_path, deployed_path }))).toEqual([
      { path: '/', playground_path: '/playground/run', deployed_path: '/run' },
      { path: '/retrieve', playground_path: '/playground/run/retrieve', deployed_path: '/run/retrieve' },
    ]);
    expect(defaultParameters(routes[0].config_schema)).toEqual({
      prompt_template: 'Hello {name}',
      temperature: 0.7,
      max_tokens: 100,
      use_cache: true,
      model: 'gpt-4o-mini',
      language: 'en',
    });
    expect(routes[1].config_schema).toEqual(doc.paths['/playground/run/retrieve'].post.requestBody.content['application/json'].schema.properties.config);
  });
});
