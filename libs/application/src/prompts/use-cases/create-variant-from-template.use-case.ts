import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Actor, type Base, type Parameters, type VariantView, APP_TEMPLATES, DomainError, assertValidName } from '@crucible/domain';
import { VariantRepository } from '../../registry/ports';
import { GetAppUseCase } from '../../registry/use-cases/get-app.use-case';
import { newVariantRecords } from '../../registry/use-cases/new-variant-records';
import { BuiltinVariantParameters } from '../builtin-variant-parameters';

export interface CreateVariantFromTemplateInput {
  appId: string;
  variantName: string;
  templateKey: string;
  /** Checked as saved parameters are; the template's defaults without them. */
  parameters?: Parameters;
}

/** A variant run by a built-in workflow: its own base (uri `crucible:builtin:<kind>:v1`) and revision 1. */
@Injectable()
export class CreateVariantFromTemplateUseCase {
  constructor(
    private readonly variants: VariantRepository,
    private readonly getApp: GetAppUseCase,
    private readonly parameters: BuiltinVariantParameters,
  ) {}

  async execute(actor: Actor, input: CreateVariantFromTemplateInput): Promise<VariantView> {
    const template = templateOf(input.templateKey);
    const app = await this.getApp.execute(actor, input.appId);
    assertValidName('variant_name', input.variantName);
    if (await this.variants.findBaseByName(actor.projectId, app.id, input.variantName)) {
      throw new DomainError('conflict', `variant "${input.variantName}" already exists in app ${app.name}`);
    }
    const parameters = input.parameters === undefined
      ? await this.parameters.defaults(actor.projectId, template.key)
      : await this.parameters.checked(actor.projectId, template.uri, input.parameters, ['parameters']);
    const base: Base = {
      id: randomUUID(), projectId: actor.projectId, appId: app.id, name: input.variantName, url: template.uri, routePath: '/', createdAt: new Date(),
    };
    const records = newVariantRecords(actor, base, { variantName: input.variantName, configName: 'default', parameters, commitMessage: null });
    await this.variants.create({ base, baseIsNew: true, ...records });
    return { variant: records.variant, appName: app.name, base, latest: records.revision };
  }
}

export function templateOf(key: string) {
  const template = APP_TEMPLATES.find((candidate) => candidate.key === key);
  if (!template) {
    throw DomainError.invalidInput([{
      field: ['template_key'], reason: `no template '${key.slice(0, 100)}': use one of ${APP_TEMPLATES.map((t) => t.key).join(', ')}`, rule: 'not_a_choice',
    }]);
  }
  return template;
}
