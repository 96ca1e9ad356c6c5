import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { type ExecutionContext, type INestApplication, RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { PUBLIC_ROUTE } from './public.decorator';
import { BODY_LIMIT, type BodyLimitKind } from './body-limit.decorator';

/** What the edge needs to know of a route before Nest routes the request: whether it is public, which body limit. */
export interface RouteTraits {
  isPublic: boolean;
  bodyLimit: BodyLimitKind;
}

interface Route extends RouteTraits {
  method: string;
  pattern: RegExp;
}

const ORDINARY: RouteTraits = { isPublic: false, bodyLimit: 'ordinary' };
/** Paths whose traits are kept at once. */
const KNOWN_PATHS = 1024;

const segments = (path: unknown): string[] =>
  (Array.isArray(path) ? String(path[0] ?? '') : String(path ?? '')).split('/').filter(Boolean);

/** A route as /openapi.json names its operation: `POST /projects/{project_id}/api-keys`. */
export function operationOf(controller: object, handler: object): string {
  const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
  const parts = [...segments(Reflect.getMetadata(PATH_METADATA, controller)), ...segments(Reflect.getMetadata(PATH_METADATA, handler))];
  return `${method} /${parts.map((part) => (part.startsWith(':') ? `{${part.slice(1)}}` : part)).join('/')}`;
}

const operationsOfHandlers = new WeakMap<object, string>();

/** The operation a request's handler serves (what the permission and audit tables are keyed by), named once per handler. */
export function operationOfRequest(context: ExecutionContext): string {
  const handler = context.getHandler();
  let operation = operationsOfHandlers.get(handler);
  if (operation === undefined) {
    operation = operationOf(context.getClass(), handler);
    operationsOfHandlers.set(handler, operation);
  }
  return operation;
}

/** Every handler of the app's controllers, with its controller. */
export function routeHandlers(app: INestApplication): Array<{ controller: object; handler: object }> {
  const found: Array<{ controller: object; handler: object }> = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function' || !Reflect.hasMetadata(PATH_METADATA, handler)) continue;
        found.push({ controller, handler });
      }
    }
  }
  return found;
}

function patternOf(parts: string[]): RegExp {
  const source = parts.map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^/${source}/?$`, 'i');
}

/**
 * Read from the controllers' own decorators (@Public(), @BodyLimit()), so the edge never keeps a second list of
 * routes: body-reading middleware runs before Nest's router, and needs them then.
 */
export function routeTable(app: INestApplication): (method: string, path: string) => RouteTraits {
  const routes: Route[] = routeHandlers(app).map(({ controller, handler }) => ({
    method: RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod],
    pattern: patternOf([...segments(Reflect.getMetadata(PATH_METADATA, controller)), ...segments(Reflect.getMetadata(PATH_METADATA, handler))]),
    isPublic: Boolean(Reflect.getMetadata(PUBLIC_ROUTE, handler) ?? Reflect.getMetadata(PUBLIC_ROUTE, controller)),
    bodyLimit: (Reflect.getMetadata(BODY_LIMIT, handler) as BodyLimitKind | undefined) ?? 'ordinary',
  }));
  // Each request asks twice (key check, body parser), and hot paths (the gateway, the runner's callbacks) ask for the
  // same path over and over: answers are kept, and forgotten all at once past a bound.
  const known = new Map<string, RouteTraits>();
  return (method, path) => {
    const key = `${method} ${path}`;
    let traits = known.get(key);
    if (traits) return traits;
    const upper = method.toUpperCase();
    traits = routes.find((route) => (route.method === upper || route.method === 'ALL') && route.pattern.test(path)) ?? ORDINARY;
    if (known.size >= KNOWN_PATHS) known.clear();
    known.set(key, traits);
    return traits;
  };
}
