import { Injectable } from '@nestjs/common';
import { type Actor, builtinKindOf, isBuiltinUri } from '@crucible/domain';
import { GetVariantUseCase } from '../../registry/use-cases/get-variant.use-case';
import { ServiceDescriber, type ServiceRoute } from '../ports';
import { PromptModelResolver } from '../../prompts/prompt-model-resolver';
import { builtinVariantRoute } from '../../prompts/builtin-variant-schema';
import { describeVariantRoute } from './variant-route';

export interface VariantSchema {
  variantId: string;
  serviceUrl: string;
  route: ServiceRoute;
  routePaths: string[];
}

/** What the playground draws for a variant: its route's inputs and config schema, from the service (or the built-in prompt). */
@Injectable()
export class GetVariantSchemaUseCase {
  constructor(
    private readonly getVariant: GetVariantUseCase,
    private readonly describer: ServiceDescriber,
    private readonly models: PromptModelResolver,
  ) {}

  async execute(actor: Actor, variantId: string): Promise<VariantSchema> {
    const { variant, base, latest } = await this.getVariant.execute(actor, variantId);
    const kind = isBuiltinUri(base.url) ? builtinKindOf(base.url) : null;
    if (kind) {
      const route = builtinVariantRoute(kind, latest.parameters, await this.models.availableModels(actor.projectId));
      return { variantId: variant.id, serviceUrl: base.url, route, routePaths: [route.path] };
    }
    const { route, routes } = await describeVariantRoute(this.describer, base);
    return { variantId: variant.id, serviceUrl: base.url, route, routePaths: routes.map((r) => r.path) };
  }
}
