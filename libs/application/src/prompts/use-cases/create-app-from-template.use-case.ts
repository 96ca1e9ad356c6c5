import { Injectable } from '@nestjs/common';
import type { Actor, App, VariantView } from '@crucible/domain';
import { CreateAppUseCase } from '../../registry/use-cases/create-app.use-case';
import { DeleteAppUseCase } from '../../registry/use-cases/delete-app.use-case';
import { CreateVariantFromTemplateUseCase, templateOf } from './create-variant-from-template.use-case';

/** `POST /apps {app_name, template_key}`: the app and its variant `default` (revision 1) with the template's defaults. */
@Injectable()
export class CreateAppFromTemplateUseCase {
  constructor(
    private readonly createApp: CreateAppUseCase,
    private readonly deleteApp: DeleteAppUseCase,
    private readonly createVariant: CreateVariantFromTemplateUseCase,
  ) {}

  async execute(actor: Actor, input: { appName: string; templateKey: string }): Promise<{ app: App; variant: VariantView }> {
    templateOf(input.templateKey);
    const app = await this.createApp.execute(actor, { appName: input.appName });
    try {
      return { app, variant: await this.createVariant.execute(actor, { appId: app.id, variantName: 'default', templateKey: input.templateKey }) };
    } catch (error) {
      // An app without its variant is not what was asked for.
      await this.deleteApp.execute(actor, app.id);
      throw error;
    }
  }
}
