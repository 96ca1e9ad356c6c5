import { AsyncLocalStorage } from 'node:async_hooks';

/** What a route handler runs with. Every part is an optional plain object, as in the spec. */
export interface RoutingContext {
  /** The validated configuration of the current call (defaults merged in). */
  config?: Record<string, unknown>;
  application?: Record<string, unknown>;
  variant?: Record<string, unknown>;
  environment?: Record<string, unknown>;
}

const storage = new AsyncLocalStorage<Readonly<RoutingContext>>();

/**
 * Runs `fn` with `context` as the routing context of everything it awaits, and returns its result.
 * AsyncLocalStorage keeps concurrent requests apart: each sees only the context it was started with.
 */
export function routingContextManager<T>(context: RoutingContext, fn: () => T): T {
  const snapshot: RoutingContext = Object.freeze({
    config: context.config ? Object.freeze({ ...context.config }) : undefined,
    application: context.application,
    variant: context.variant,
    environment: context.environment,
  });
  return storage.run(snapshot, fn);
}

export const routingContext = {
  /** The current routing context; every part is undefined outside a route. */
  get(): Readonly<RoutingContext> {
    return storage.getStore() ?? {};
  },
};
