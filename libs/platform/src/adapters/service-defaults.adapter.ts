import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { type Base, type Parameters, endpointUrl } from '@crucible/domain';
import { OutboundGuard, ServiceDefaultsReader } from '@crucible/application';
import { CRUCIBLE_ROUTES_EXTENSION, crucibleRouteDescriptorSchema, defaultParameters } from '@crucible/contracts';

const routesSchema = z.array(crucibleRouteDescriptorSchema);

/** Reads `x-crucible-routes` from an SDK service's /openapi.json and takes the route's schema defaults. */
@Injectable()
export class OpenApiServiceDefaultsReader extends ServiceDefaultsReader {
  constructor(private readonly guard: OutboundGuard) {
    super();
  }

  async read(base: Pick<Base, 'url' | 'routePath'>): Promise<Parameters | null> {
    try {
      const url = endpointUrl(base.url, '/openapi.json');
      const response = await this.guard.request(url, { method: 'GET', timeoutMs: 3000 });
      if (response.status !== 200) return null;
      const document = JSON.parse(response.text) as Record<string, unknown>;
      const routes = routesSchema.safeParse(document[CRUCIBLE_ROUTES_EXTENSION]);
      const route = routes.success ? routes.data.find((r) => r.path === base.routePath) : undefined;
      return route ? defaultParameters(route.config_schema) : null;
    } catch {
      return null;
    }
  }
}
