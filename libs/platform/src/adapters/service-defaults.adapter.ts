import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { Base, Parameters } from '@crucible/domain';
import { ServiceDefaultsReader } from '@crucible/application';
import { CRUCIBLE_ROUTES_EXTENSION, crucibleRouteDescriptorSchema, defaultParameters } from '@crucible/contracts';

const routesSchema = z.array(crucibleRouteDescriptorSchema);

/** Reads `x-crucible-routes` from an SDK service's /openapi.json and takes the route's schema defaults. */
@Injectable()
export class OpenApiServiceDefaultsReader extends ServiceDefaultsReader {
  async read(base: Pick<Base, 'url' | 'routePath'>): Promise<Parameters | null> {
    try {
      const response = await fetch(`${base.url}/openapi.json`, { signal: AbortSignal.timeout(3000) });
      if (!response.ok) return null;
      const document = (await response.json()) as Record<string, unknown>;
      const routes = routesSchema.safeParse(document[CRUCIBLE_ROUTES_EXTENSION]);
      const route = routes.success ? routes.data.find((r) => r.path === base.routePath) : undefined;
      return route ? defaultParameters(route.config_schema) : null;
    } catch {
      return null;
    }
  }
}
