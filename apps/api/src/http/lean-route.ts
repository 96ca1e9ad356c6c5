import { EXCEPTION_FILTERS_METADATA, GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA } from '@nestjs/common/constants';
import { ForbiddenException, type INestApplication, type Type } from '@nestjs/common';
import { ApplicationConfig } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AUDIT_RULES } from '../audit/audited-operations';
import { PERMISSIONS } from './permissions';
import { operationOf } from './route-table';

/** One route served by the edge, for its hot path (the gateway's invoke). */
export interface LeanRoute<C> {
  controller: Type<C>;
  /** The handler's name on the controller: its decorators still make the route Nest serves, documents and checks. */
  handler: keyof C & string;
  /** The request's path parameters when it is this route's, else undefined (the request goes on to Nest). */
  match(method: string, path: string): Record<string, string> | undefined;
  /** What the handler's parameter decorators and pipes do, then the handler itself (the caller is authenticated). */
  serve(controller: C, req: Request, res: Response, params: Record<string, string>): Promise<void>;
}

/**
 * A route served before Express's router and Nest's pipeline, which cost more CPU than the gateway's own work
 * (docs/performance-history.md). It runs what Nest would run for it: the application's global guards (the
 * authentication and RolesGuard's one permission table), then the handler, and the global exception filters on a
 * failure. It is refused at start-up unless the route has no guards, pipes, filters or interceptors of its own and is
 * `notAudited` (the audit interceptor, the only global interceptor, writes nothing for it); global pipes are the
 * route's `serve` to apply.
 */
export function leanRoute<C extends object>(app: INestApplication, route: LeanRoute<C>): RequestHandler {
  const prototype = route.controller.prototype as Record<string, unknown>;
  const handler = prototype[route.handler];
  if (typeof handler !== 'function') throw new Error(`${route.controller.name} has no handler ${route.handler}`);
  const operation = operationOf(route.controller, handler);
  if (!PERMISSIONS[operation]) throw new Error(`a lean route needs an entry in the permission table: ${operation}`);
  const audit = AUDIT_RULES[operation];
  if (!audit || !('notAudited' in audit)) throw new Error(`a lean route writes no audit event, so ${operation} must be notAudited`);
  for (const key of [GUARDS_METADATA, PIPES_METADATA, INTERCEPTORS_METADATA, EXCEPTION_FILTERS_METADATA]) {
    if (Reflect.getMetadata(key, handler) || Reflect.getMetadata(key, route.controller)) {
      throw new Error(`a lean route runs only the global enhancers, and ${operation} has ${key} of its own`);
    }
  }
  // Read at the first request: Nest adds the APP_GUARD providers and the global filters while it starts.
  let resolved: { controller: C; config: ApplicationConfig } | undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    const params = route.match(req.method, req.path);
    if (!params) return next();
    resolved ??= { controller: app.get(route.controller), config: app.get(ApplicationConfig) };
    const { controller, config } = resolved;
    req.params = params;
    const context = new ExecutionContextHost([req, res, next], route.controller, handler as (...args: unknown[]) => unknown);
    void (async () => {
      try {
        for (const guard of config.getGlobalGuards()) {
          // As Nest answers a guard that returns false.
          if (!(await guard.canActivate(context))) throw new ForbiddenException('Forbidden resource');
        }
        await route.serve(controller, req, res, params);
      } catch (error) {
        const [filter] = config.getGlobalFilters();
        if (!filter || res.headersSent) return next(error);
        filter.catch(error, context);
      }
    })();
  };
}
