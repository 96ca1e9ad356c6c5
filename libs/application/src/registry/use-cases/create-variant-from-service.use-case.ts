import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  type Actor, type Base, type Parameters, type VariantView, DomainError, assertValidName, builtinKindOf, isBuiltinUri,
  normalizeRoutePath, normalizeServiceUrl,
} from '@crucible/domain';
import { BuiltinVariantParameters } from '../../prompts/builtin-variant-parameters';
import { ServiceDefaultsReader, VariantRepository } from '../ports';
import { OutboundGuard } from '../../outbound/ports';
import { checkConfiguredUrl } from '../../outbound/check-configured-url';
import { GetAppUseCase } from './get-app.use-case';
import { newVariantRecords } from './new-variant-records';

export interface CreateVariantFromServiceInput {
  appId: string;
  variantName: string;
  url: string;
  routePath?: string;
  baseName?: string;
  configName?: string;
  parameters?: Parameters;
  commitMessage?: string;
}

/** Registers a running SDK service: a new base (url + route) and the variant's revision 1. */
@Injectable()
export class CreateVariantFromServiceUseCase {
  constructor(
    private readonly variants: VariantRepository,
    private readonly getApp: GetAppUseCase,
    private readonly serviceDefaults: ServiceDefaultsReader,
    private readonly outbound: OutboundGuard,
    private readonly builtin: BuiltinVariantParameters,
  ) {}

  async execute(actor: Actor, input: CreateVariantFromServiceInput): Promise<VariantView> {
    const app = await this.getApp.execute(actor, input.appId);
    assertValidName('variant_name', input.variantName);
    const baseName = input.baseName ?? input.variantName;
    assertValidName('base_name', baseName);
    const configName = input.configName ?? 'default';
    assertValidName('config_name', configName);
    if (await this.variants.findBaseByName(actor.projectId, app.id, baseName)) {
      throw new DomainError('conflict', `base "${baseName}" already exists in app ${app.name}`);
    }
    const builtinKind = isBuiltinUri(input.url) ? builtinKindOf(input.url) : null;
    if (isBuiltinUri(input.url) && !builtinKind) {
      throw DomainError.invalidInput([{ field: ['url'], reason: `no built-in workflow is called '${input.url.slice(0, 100)}'`, rule: 'invalid_value' }]);
    }
    // A built-in uri runs in process: no address to guard, and its one route is '/'.
    const url = builtinKind ? input.url : normalizeServiceUrl(input.url);
    if (!builtinKind) await checkConfiguredUrl(this.outbound, ['url'], url);
    const base: Base = {
      id: randomUUID(), projectId: actor.projectId, appId: app.id, name: baseName,
      url, routePath: builtinKind ? '/' : normalizeRoutePath(input.routePath), createdAt: new Date(),
    };
    // Without explicit parameters the route's schema defaults (a template's defaults) are the natural revision 1.
    const parameters = input.parameters !== undefined
      ? await this.builtin.checked(actor.projectId, url, input.parameters, ['parameters'])
      : builtinKind ? await this.builtin.defaults(actor.projectId, builtinKind) : (await this.serviceDefaults.read(base)) ?? {};
    const records = newVariantRecords(actor, base, {
      variantName: input.variantName, configName, parameters, commitMessage: input.commitMessage ?? null,
    });
    await this.variants.create({ base, baseIsNew: true, ...records });
    return { variant: records.variant, appName: app.name, base, latest: records.revision };
  }
}
