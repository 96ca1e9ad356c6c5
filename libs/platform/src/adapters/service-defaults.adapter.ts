import { Injectable } from '@nestjs/common';
import type { Base, Parameters } from '@crucible/domain';
import { ServiceDefaultsReader } from '@crucible/application';

interface DeclaredRoute {
  path?: unknown;
  config_schema?: { properties?: Record<string, { default?: unknown }> };
}

/** Reads `x-crucible-routes` from an SDK service's /openapi.json and takes the route's schema defaults. */
@Injectable()
export class OpenApiServiceDefaultsReader extends ServiceDefaultsReader {
  async read(base: Pick<Base, 'url' | 'routePath'>): Promise<Parameters | null> {
    try {
      const response = await fetch(`${base.url}/openapi.json`, { signal: AbortSignal.timeout(3000) });
      if (!response.ok) return null;
      const document = (await response.json()) as { 'x-crucible-routes'?: DeclaredRoute[] };
      const route = document['x-crucible-routes']?.find((r) => r.path === base.routePath);
      const properties = route?.config_schema?.properties;
      if (!properties) return null;
      return Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, field.default ?? null]));
    } catch {
      return null;
    }
  }
}
