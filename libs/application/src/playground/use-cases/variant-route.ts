import { type Base, DomainError, redactUrlCredentials } from '@crucible/domain';
import type { ServiceDescriber, ServiceRoute } from '../../registry/ports';

/** The variant's route among all its service declares; a route the service no longer has is an upstream failure. */
export async function describeVariantRoute(describer: ServiceDescriber, base: Pick<Base, 'url' | 'routePath'>) {
  const routes = await describer.describe(base.url);
  const route: ServiceRoute | undefined = routes.find((candidate) => candidate.path === base.routePath);
  if (!route) {
    throw new DomainError('upstream_failure', `the service at ${redactUrlCredentials(base.url)} declares no route "${base.routePath}" (it has ${routes.map((r) => `"${r.path}"`).join(', ') || 'none'})`);
  }
  return { route, routes };
}
