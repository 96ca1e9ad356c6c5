import { deployedRunRequestSchema, playgroundRunRequestSchema } from '@crucible/contracts';
import type { z } from 'zod';
import { ConfigReference } from '../config/registry-client';
import { TYPE_ERRORS, ValidationErrorItem } from '../schema/config-validator';
import { boundViolation } from '../schema/schema-definition';
import { Inputs, RouteDefinition } from './route-definition';

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: ValidationErrorItem[] };

const [environmentBodySchema, variantBodySchema] = deployedRunRequestSchema.options;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let value = root;
  for (const key of path) value = isPlainObject(value) ? value[key as string] : undefined;
  return value;
}

/** One zod issue as pydantic words it (the SDK's vocabulary in config-validator), located under `body`. */
function issueItem(issue: z.core.$ZodIssue, body: unknown): ValidationErrorItem {
  const loc = ['body', ...issue.path.map((key) => (typeof key === 'number' ? key : String(key)))];
  const given = valueAt(body, issue.path);
  if (issue.code === 'invalid_type') {
    if (given === undefined) return { loc, msg: 'Field required', type: 'missing' };
    if (issue.expected === 'string') return { loc, ...TYPE_ERRORS.str };
    if (issue.expected === 'number' || issue.expected === 'int') return { loc, ...TYPE_ERRORS.int };
    return { loc, ...TYPE_ERRORS.dict };
  }
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return { loc, msg: `String should have at least ${String(issue.minimum)} character`, type: 'string_too_short' };
  }
  if (issue.code === 'too_small' && typeof given === 'number') {
    const minimum = Number(issue.minimum);
    const violation = boundViolation(issue.inclusive ? { ge: minimum } : { gt: minimum }, given);
    if (violation) return { loc, msg: `Input should be ${violation.description}`, type: violation.type };
  }
  return { loc, msg: `Value error, ${issue.message}`, type: 'value_error' };
}

/** The body parsed by its contract (libs/contracts), or pydantic's 422 items. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): Parsed<z.output<S>> {
  if (body === undefined) {
    return { ok: false, errors: [{ loc: ['body'], msg: 'Field required (send a JSON body with Content-Type: application/json)', type: 'missing' }] };
  }
  if (!isPlainObject(body)) return { ok: false, errors: [{ loc: ['body'], ...TYPE_ERRORS.dict }] };
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: parsed.error.issues.map((issue) => issueItem(issue, body)) };
}

/** Declared inputs are required; an input schema's default fills one left out. */
function declaredInputs(inputs: Inputs, route: RouteDefinition): Parsed<Inputs> {
  const declared = route.options.inputs;
  const missing = (name: string): ValidationErrorItem => ({ loc: ['body', 'inputs', name], msg: 'Field required', type: 'missing' });
  if (Array.isArray(declared)) {
    const errors = declared.filter((name) => !(name in inputs)).map(missing);
    return errors.length > 0 ? { ok: false, errors } : { ok: true, value: inputs };
  }
  const filled: Inputs = { ...inputs };
  const errors: ValidationErrorItem[] = [];
  for (const [name, schema] of Object.entries(declared ?? {})) {
    if (name in inputs) continue;
    if ('default' in schema) filled[name] = structuredClone(schema.default);
    else errors.push(missing(name));
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: filled };
}

/** `{inputs, config}`; config is validated against the schema by the caller. */
export function parsePlaygroundBody(body: unknown, route: RouteDefinition): Parsed<{ inputs: Inputs; config: Record<string, unknown> }> {
  const parsed = parseBody(playgroundRunRequestSchema, body);
  if (!parsed.ok) return parsed;
  const inputs = declaredInputs(parsed.value.inputs, route);
  return inputs.ok ? { ok: true, value: { inputs: inputs.value, config: parsed.value.config } } : inputs;
}

/** `{inputs, environment, app_id?}` or `{inputs, variant: {id, revision?}}`. */
export function parseDeployedBody(
  body: unknown,
  route: RouteDefinition,
  defaultAppId: string | undefined,
): Parsed<{ inputs: Inputs; reference: ConfigReference }> {
  if (isPlainObject(body) && body.environment !== undefined && body.variant !== undefined) {
    return { ok: false, errors: [{ loc: ['body'], msg: 'Give either environment or variant, not both', type: 'value_error' }] };
  }
  if (isPlainObject(body) && body.variant !== undefined) {
    const parsed = parseBody(variantBodySchema, body);
    if (!parsed.ok) return parsed;
    const inputs = declaredInputs(parsed.value.inputs, route);
    if (!inputs.ok) return inputs;
    const { id, revision } = parsed.value.variant;
    return { ok: true, value: { inputs: inputs.value, reference: { kind: 'variant', variantId: id, revision: revision ?? undefined } } };
  }
  if (isPlainObject(body) && body.environment === undefined) {
    return { ok: false, errors: [{ loc: ['body', 'environment'], msg: 'Field required: give environment (with app_id) or variant {id, revision?}', type: 'missing' }] };
  }
  const parsed = parseBody(environmentBodySchema, body);
  if (!parsed.ok) return parsed;
  const appId = parsed.value.app_id ?? defaultAppId;
  if (!appId) {
    return {
      ok: false,
      errors: [{
        loc: ['body', 'app_id'],
        msg: 'Field required: give app_id in the body or configure it in the SDK (init({ appId }) or the config file)',
        type: 'missing',
      }],
    };
  }
  const inputs = declaredInputs(parsed.value.inputs, route);
  if (!inputs.ok) return inputs;
  return { ok: true, value: { inputs: inputs.value, reference: { kind: 'environment', appId, environment: parsed.value.environment } } };
}
