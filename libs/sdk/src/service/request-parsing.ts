import { ConfigReference } from '../config/registry-client';
import { ValidationErrorItem } from '../schema/config-validator';
import { Inputs, RouteDefinition } from './route-definition';

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: ValidationErrorItem[] };

const DICT_TYPE = { msg: 'Input should be a valid dictionary', type: 'dict_type' };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body itself and its `inputs`; declared inputs are required. */
function parseInputs(body: unknown, route: RouteDefinition, errors: ValidationErrorItem[]): Inputs {
  if (body === undefined) {
    errors.push({ loc: ['body'], msg: 'Field required (send a JSON body with Content-Type: application/json)', type: 'missing' });
    return {};
  }
  if (!isPlainObject(body)) {
    errors.push({ loc: ['body'], ...DICT_TYPE });
    return {};
  }
  const inputs = body.inputs ?? {};
  if (!isPlainObject(inputs)) {
    errors.push({ loc: ['body', 'inputs'], ...DICT_TYPE });
    return {};
  }
  const declared = route.options.inputs;
  if (Array.isArray(declared)) {
    for (const name of declared) {
      if (!(name in inputs)) errors.push({ loc: ['body', 'inputs', name], msg: 'Field required', type: 'missing' });
    }
    return inputs;
  }
  const filled: Inputs = { ...inputs };
  for (const [name, schema] of Object.entries(declared ?? {})) {
    if (name in inputs) continue;
    if ('default' in schema) filled[name] = structuredClone(schema.default);
    else errors.push({ loc: ['body', 'inputs', name], msg: 'Field required', type: 'missing' });
  }
  return filled;
}

/** `{inputs, config}`; config is validated against the schema by the caller. */
export function parsePlaygroundBody(body: unknown, route: RouteDefinition): Parsed<{ inputs: Inputs; config: Record<string, unknown> }> {
  const errors: ValidationErrorItem[] = [];
  const inputs = parseInputs(body, route, errors);
  const rawConfig = isPlainObject(body) ? (body.config ?? {}) : {};
  if (!isPlainObject(rawConfig)) errors.push({ loc: ['body', 'config'], ...DICT_TYPE });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { inputs, config: rawConfig as Record<string, unknown> } };
}

/** `{inputs, environment, app_id?}` or `{inputs, variant: {id, revision?}}`. */
export function parseDeployedBody(
  body: unknown,
  route: RouteDefinition,
  defaultAppId: string | undefined,
): Parsed<{ inputs: Inputs; reference: ConfigReference }> {
  const errors: ValidationErrorItem[] = [];
  const inputs = parseInputs(body, route, errors);
  if (!isPlainObject(body)) return { ok: false, errors };
  const { environment, variant, app_id: appId } = body;
  let reference: ConfigReference | undefined;
  if (environment !== undefined && variant !== undefined) {
    errors.push({ loc: ['body'], msg: 'Give either environment or variant, not both', type: 'value_error' });
  } else if (variant !== undefined) {
    reference = parseVariant(variant, errors);
  } else if (environment !== undefined) {
    if (typeof environment !== 'string' || environment.length === 0) {
      errors.push({ loc: ['body', 'environment'], msg: 'Input should be a non-empty string', type: 'string_type' });
    }
    if (appId !== undefined && (typeof appId !== 'string' || appId.length === 0)) {
      errors.push({ loc: ['body', 'app_id'], msg: 'Input should be a non-empty string', type: 'string_type' });
    }
    const resolvedAppId = (appId as string | undefined) ?? defaultAppId;
    if (!resolvedAppId) {
      errors.push({
        loc: ['body', 'app_id'],
        msg: 'Field required: give app_id in the body or configure it in the SDK (init({ appId }) or the config file)',
        type: 'missing',
      });
    } else if (typeof environment === 'string') {
      reference = { kind: 'environment', appId: resolvedAppId, environment };
    }
  } else {
    errors.push({ loc: ['body', 'environment'], msg: 'Field required: give environment (with app_id) or variant {id, revision?}', type: 'missing' });
  }
  if (errors.length > 0 || !reference) return { ok: false, errors };
  return { ok: true, value: { inputs, reference } };
}

function parseVariant(variant: unknown, errors: ValidationErrorItem[]): ConfigReference | undefined {
  if (!isPlainObject(variant)) {
    errors.push({ loc: ['body', 'variant'], ...DICT_TYPE });
    return undefined;
  }
  const { id, revision } = variant;
  if (typeof id !== 'string' || id.length === 0) {
    errors.push({ loc: ['body', 'variant', 'id'], msg: id === undefined ? 'Field required' : 'Input should be a non-empty string', type: id === undefined ? 'missing' : 'string_type' });
  }
  if (revision !== undefined && revision !== null && !(typeof revision === 'number' && Number.isInteger(revision) && revision >= 1)) {
    errors.push({ loc: ['body', 'variant', 'revision'], msg: 'Input should be an integer greater than or equal to 1', type: 'int_type' });
  }
  if (typeof id !== 'string' || id.length === 0) return undefined;
  return { kind: 'variant', variantId: id, revision: typeof revision === 'number' ? revision : undefined };
}
