import { Injectable } from '@nestjs/common';
import type { Actor } from '@crucible/domain';
import { GetVariantUseCase } from '../../registry/use-cases/get-variant.use-case';
import { ServiceDescriber, type ServiceRoute } from '../../registry/ports';
import { describeVariantRoute } from './variant-route';

export interface VariantSchema {
  variantId: string;
  serviceUrl: string;
  route: ServiceRoute;
  routePaths: string[];
}

/** What the playground draws for a variant: its route's inputs and config schema, from the service itself. */
@Injectable()
export class GetVariantSchemaUseCase {
  constructor(
    private readonly getVariant: GetVariantUseCase,
    private readonly describer: ServiceDescriber,
  ) {}

  async execute(actor: Actor, variantId: string): Promise<VariantSchema> {
    const { variant, base } = await this.getVariant.execute(actor, variantId);
    const { route, routes } = await describeVariantRoute(this.describer, base);
    return { variantId: variant.id, serviceUrl: base.url, route, routePaths: routes.map((r) => r.path) };
  }
}
