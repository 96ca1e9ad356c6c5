import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { DomainError, endpointUrl, redactUrlCredentials, redactUrlsIn } from '@crucible/domain';
import { OutboundGuard, type OutboundResponse, ServiceDescriber, type ServiceRoute, foreignExcerpt } from '@crucible/application';
import { CRUCIBLE_ROUTES_EXTENSION, crucibleRouteDescriptorSchema } from '@crucible/contracts';

const routesSchema = z.array(crucibleRouteDescriptorSchema);
/** Where the SDK's document names a playground route's inputs: paths[p].post.requestBody…inputs.properties. */
const playgroundOperationSchema = z.object({
  post: z.object({
    requestBody: z.object({
      content: z.object({
        'application/json': z.object({
          schema: z.object({ properties: z.object({ inputs: z.object({ properties: z.record(z.string(), z.unknown()).optional() }) }) }),
        }),
      }),
    }),
  }),
});

const CACHE_MS = 10_000;
/** One wait for every read of a service's document: the playground, the variants list, registration's defaults. */
const SERVICE_DESCRIPTION_TIMEOUT_MS = 5_000;

/**
 * Reads an SDK service's /openapi.json (routes, inputs, config schemas), cached briefly per service so the
 * playground and the variants list do not ask the service on every render. Failures are not cached.
 * Every fetch goes through the outbound guard like every call to a user-configured URL (§12).
 */
@Injectable()
export class OpenApiServiceDescriber extends ServiceDescriber {
  private readonly cache = new Map<string, { at: number; routes: ServiceRoute[] }>();

  constructor(private readonly guard: OutboundGuard) {
    super();
  }

  async describe(serviceUrl: string): Promise<ServiceRoute[]> {
    const cached = this.cache.get(serviceUrl);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.routes;
    const routes = parseDocument(serviceUrl, await this.fetchDocument(serviceUrl));
    this.cache.set(serviceUrl, { at: Date.now(), routes });
    return routes;
  }

  private async fetchDocument(serviceUrl: string): Promise<unknown> {
    let response: OutboundResponse;
    try {
      response = await this.guard.request(endpointUrl(serviceUrl, '/openapi.json'), { method: 'GET', timeoutMs: SERVICE_DESCRIPTION_TIMEOUT_MS });
    } catch (error) {
      // Refused by the guard (address rules) or no usable answer (unreachable, time-out, redirect, too large);
      // the guard's message names the URL and the reason.
      throw new DomainError('upstream_failure', redactUrlsIn((error as Error).message));
    }
    if (response.status !== 200) {
      throw new DomainError('upstream_failure', `the service at ${redactUrlCredentials(serviceUrl)} answered ${response.status} for /openapi.json: ${foreignExcerpt(response.text)}`);
    }
    try {
      return JSON.parse(response.text);
    } catch {
      throw new DomainError('upstream_failure', `the service at ${redactUrlCredentials(serviceUrl)} answered /openapi.json with something that is not JSON`);
    }
  }
}

function parseDocument(serviceUrl: string, document: unknown): ServiceRoute[] {
  const descriptors = routesSchema.safeParse((document as Record<string, unknown> | null)?.[CRUCIBLE_ROUTES_EXTENSION]);
  if (!descriptors.success) {
    throw new DomainError('upstream_failure', `the service at ${redactUrlCredentials(serviceUrl)} declares no Crucible routes (x-crucible-routes) in /openapi.json`);
  }
  const paths = ((document as { paths?: Record<string, unknown> }).paths ?? {});
  return descriptors.data.map((descriptor) => {
    const operation = playgroundOperationSchema.safeParse(paths[descriptor.playground_path]);
    const inputs = operation.success ? operation.data.post.requestBody.content['application/json'].schema.properties.inputs.properties : undefined;
    return {
      path: descriptor.path,
      playgroundPath: descriptor.playground_path,
      inputNames: Object.keys(inputs ?? {}),
      configSchema: descriptor.config_schema,
    };
  });
}
