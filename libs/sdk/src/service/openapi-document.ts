import type { CrucibleRouteDescriptor } from '@crucible/contracts';
import { configJsonSchema } from '../schema/config-json-schema';
import { JsonSchemaObject, RouteDefinition } from './route-definition';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchemaObject> };
  'x-crucible-routes': CrucibleRouteDescriptor[];
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });

const COMPONENTS: Record<string, JsonSchemaObject> = {
  TokenUsage: {
    type: 'object',
    properties: { prompt: { type: 'integer' }, completion: { type: 'integer' }, total: { type: 'integer' } },
    required: ['prompt', 'completion', 'total'],
  },
  Span: {
    type: 'object',
    properties: {
      span_id: { type: 'string' },
      parent_span_id: { type: ['string', 'null'] },
      name: { type: 'string' },
      kind: { enum: ['workflow', 'task', 'llm', 'embedding', 'tool'] },
      status: { enum: ['ok', 'error'] },
      start_time: { type: 'string', format: 'date-time' },
      end_time: { type: 'string', format: 'date-time' },
      latency_ms: { type: 'number' },
      inputs: {},
      outputs: {},
      error: { type: 'object', properties: { message: { type: 'string' }, stacktrace: { type: 'string' } } },
      model: { type: 'string' },
      tokens: ref('TokenUsage'),
      cost: { type: 'number' },
    },
    required: ['span_id', 'parent_span_id', 'name', 'kind', 'status', 'start_time', 'end_time', 'latency_ms'],
  },
  Trace: {
    type: 'object',
    properties: {
      trace_id: { type: 'string' },
      latency_ms: { type: 'number' },
      cost: { type: 'number', description: 'USD' },
      tokens: ref('TokenUsage'),
      spans: { type: 'array', items: ref('Span') },
    },
    required: ['trace_id', 'latency_ms', 'cost', 'tokens', 'spans'],
  },
  WorkflowResponse: { type: 'object', properties: { data: {}, trace: ref('Trace') }, required: ['data', 'trace'] },
  WorkflowError: {
    type: 'object',
    properties: {
      detail: { type: 'object', properties: { message: { type: 'string' }, stacktrace: { type: 'string' } }, required: ['message'] },
    },
    required: ['detail'],
  },
  ValidationError: {
    type: 'object',
    properties: {
      loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
      msg: { type: 'string' },
      type: { type: 'string' },
    },
    required: ['loc', 'msg', 'type'],
  },
  HTTPValidationError: { type: 'object', properties: { detail: { type: 'array', items: ref('ValidationError') } } },
  HTTPError: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
};

function inputsSchema(route: RouteDefinition): JsonSchemaObject {
  const declared = route.options.inputs;
  if (!declared) return { type: 'object', title: 'Inputs', additionalProperties: true };
  const properties: Record<string, JsonSchemaObject> = Array.isArray(declared)
    ? Object.fromEntries(declared.map((name) => [name, { type: 'string', title: name }]))
    : { ...(declared as Record<string, JsonSchemaObject>) };
  const required = Object.keys(properties).filter((name) => !('default' in properties[name]));
  return { type: 'object', title: 'Inputs', properties, required, additionalProperties: true };
}

function responses(deployed: boolean) {
  return {
    '200': { description: 'The workflow output and its trace', content: json(ref('WorkflowResponse')) },
    ...(deployed ? { '404': { description: 'The registry knows no such configuration', content: json(ref('HTTPError')) } } : {}),
    '422': { description: 'Invalid request or configuration', content: json(ref('HTTPValidationError')) },
    '500': { description: 'The workflow threw', content: json(ref('WorkflowError')) },
    ...(deployed ? { '503': { description: 'No configuration could be resolved', content: json(ref('HTTPError')) } } : {}),
  };
}

function operationSlug(path: string): string {
  return path.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '_') || 'root';
}

export function buildOpenApiDocument(routes: readonly RouteDefinition[], info: { title: string; version: string }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {
    '/health': { get: { operationId: 'health', summary: 'Liveness', responses: { '200': { description: 'OK' } } } },
  };
  const descriptors: CrucibleRouteDescriptor[] = [];
  for (const route of routes) {
    const config = configJsonSchema(route.schemaDescription);
    const inputs = inputsSchema(route);
    const summary = route.options.description ?? `${route.name} (${route.path})`;
    for (const path of route.endpoints.playground) {
      paths[path] = {
        post: {
          operationId: `playground_${operationSlug(path)}`,
          summary,
          tags: ['playground'],
          // Inline on purpose: the playground reads `config.properties` straight from here.
          requestBody: {
            required: true,
            content: json({ type: 'object', properties: { inputs, config }, required: ['inputs'] }),
          },
          responses: responses(false),
        },
      };
    }
    const deployedBody = {
      oneOf: [
        {
          type: 'object',
          title: 'ByEnvironment',
          properties: { inputs, environment: { type: 'string' }, app_id: { type: 'string' } },
          required: ['inputs', 'environment'],
        },
        {
          type: 'object',
          title: 'ByVariant',
          properties: {
            inputs,
            variant: {
              type: 'object',
              properties: { id: { type: 'string' }, revision: { type: 'integer', minimum: 1 } },
              required: ['id'],
            },
          },
          required: ['inputs', 'variant'],
        },
      ],
    };
    for (const path of route.endpoints.deployed) {
      paths[path] = {
        post: {
          operationId: `deployed_${operationSlug(path)}`,
          summary,
          tags: ['deployed'],
          requestBody: { required: true, content: json(deployedBody) },
          responses: responses(true),
        },
      };
    }
    descriptors.push({
      path: route.path,
      playground_path: route.endpoints.playground[0],
      deployed_path: route.endpoints.deployed[0],
      config_schema: config,
    });
  }
  return { openapi: '3.1.0', info, paths, components: { schemas: COMPONENTS }, 'x-crucible-routes': descriptors };
}
