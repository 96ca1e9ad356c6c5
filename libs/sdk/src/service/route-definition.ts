import { routingContextManager, RoutingContext } from '../context/routing-context';
import { type TraceIdentity, withTraceIdentity } from '../context/trace-identity';
import { ConfigValidationError, instantiateConfig, validateConfig } from '../schema/config-validator';
import { ConfigSchema, describeSchema, SchemaDescription } from '../schema/schema-definition';
import { runTraced, TracedOutcome } from '../tracing/tracer';
import { routeEndpoints, validateRoutePath } from './route-path';

export type Inputs = Record<string, unknown>;
export type JsonSchemaObject = Record<string, unknown>;
export type WorkflowFunction<C, I = Inputs, O = unknown> = (inputs: I, config: C) => O | Promise<O>;

export interface RouteOptions {
  /** Root span name; default: the function's name, else the path. */
  name?: string;
  description?: string;
  /**
   * Input names the workflow expects (JS cannot read parameter names reliably). A list means required
   * string inputs; a mapping gives a JSON schema per input, and an input whose schema has a `default`
   * is optional (filled with it when missing). A missing required input → 422. They appear in
   * /openapi.json. Omitted: any object is accepted.
   */
  inputs?: readonly string[] | Readonly<Record<string, JsonSchemaObject>>;
}

export interface RouteDefinition<C extends object = object> {
  path: string;
  schema: ConfigSchema<C>;
  schemaDescription: SchemaDescription;
  options: RouteOptions;
  endpoints: { playground: string[]; deployed: string[] };
  name: string;
  handler: WorkflowFunction<C, Inputs>;
}

/** A workflow function registered as a route; calling it runs it with defaults merged into `config`. */
export type RoutedWorkflow<C extends object, I, O> = ((inputs: I, config?: Partial<C>) => Promise<O>) & {
  route: RouteDefinition<C>;
};

/** Usable on a function (`route('/x', Cfg)(fn)`) and on a method (`@route('/x', Cfg) run(inputs, config) {}`). */
export interface RouteDecorator<C extends object> {
  <I extends object = Inputs, O = unknown>(fn: WorkflowFunction<C, I, O>): RoutedWorkflow<C, I, O>;
  (target: object, propertyKey: string | symbol, descriptor: PropertyDescriptor): void;
}

/**
 * Runs a route's workflow inside its routing context, as the root span of a fresh trace. `identity` is the call's
 * session and user, which the workflow may change (`setTraceIdentity`): read it once the call is over.
 */
export function executeRoute<C extends object>(
  route: RouteDefinition<C>,
  inputs: Inputs,
  config: Record<string, unknown>,
  context: Omit<RoutingContext, 'config'> = {},
  identity: TraceIdentity = {},
): Promise<TracedOutcome<unknown>> {
  const instance = instantiateConfig(route.schema, config);
  return runTraced(route.name, inputs, () => withTraceIdentity(identity, () => routingContextManager({ ...context, config }, () => route.handler(inputs, instance))));
}

const methodOwners = new WeakMap<object, object>();

/** Instance methods run on one lazily created instance of their class (no-argument constructor); static ones on the class. */
function methodOwner(target: object): object {
  if (typeof target === 'function') return target;
  const klass = (target as { constructor: new () => object }).constructor;
  let owner = methodOwners.get(klass);
  if (!owner) {
    owner = new klass();
    methodOwners.set(klass, owner);
  }
  return owner;
}

/** Validates path and schema now (declaration time), registers the route when the decorator is applied. */
export function createRouteDecorator<C extends object>(
  path: string,
  schema: ConfigSchema<C>,
  options: RouteOptions,
  register: (route: RouteDefinition<C>) => void,
): RouteDecorator<C> {
  const validPath = validateRoutePath(path);
  const schemaDescription = describeSchema(schema);
  const define = (name: string, handler: WorkflowFunction<C, Inputs>): RouteDefinition<C> => {
    const route: RouteDefinition<C> = {
      path: validPath,
      schema,
      schemaDescription,
      options,
      endpoints: routeEndpoints(validPath),
      name: options.name ?? (name || validPath),
      handler,
    };
    register(route);
    return route;
  };

  function decorator(...args: unknown[]): unknown {
    if (args.length === 1 && typeof args[0] === 'function') {
      const fn = args[0] as WorkflowFunction<C, Inputs>;
      const route = define(fn.name, fn);
      const direct = async (inputs: Inputs, config: Partial<C> = {}) => {
        const validated = validateConfig(schemaDescription, config as Record<string, unknown>, { loc: ['config'] });
        if (!validated.ok) throw new ConfigValidationError(validated.errors);
        const outcome = await executeRoute(route, inputs, validated.value);
        if (!outcome.ok) throw outcome.error;
        return outcome.value;
      };
      return Object.assign(direct, { route });
    }
    const [target, propertyKey, descriptor] = args as [object, string | symbol, PropertyDescriptor | undefined];
    const method = descriptor?.value;
    if (typeof method !== 'function') throw new TypeError(`route('${validPath}') can decorate functions and methods only`);
    define(String(propertyKey), (inputs, config) => method.call(methodOwner(target), inputs, config));
    return undefined;
  }
  return decorator as RouteDecorator<C>;
}
