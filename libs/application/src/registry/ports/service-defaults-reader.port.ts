import type { Base, Parameters } from '@crucible/domain';

/**
 * Reads the default configuration a running SDK service declares for a route (its /openapi.json).
 * Answers null when the service cannot be reached or declares nothing: registration must not depend on it.
 */
export abstract class ServiceDefaultsReader {
  abstract read(base: Pick<Base, 'url' | 'routePath'>): Promise<Parameters | null>;
}
