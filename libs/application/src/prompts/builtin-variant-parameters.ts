import { Injectable } from '@nestjs/common';
import { type BuiltinKind, FALLBACK_TEMPLATE_MODEL, type Parameters, type PromptParameters, isBuiltinUri, templateParameters } from '@crucible/domain';
import { PromptParametersCheck } from './prompt-parameters-check';
import { PromptModelResolver } from './prompt-model-resolver';

/** Where the registry saves a variant's parameters: a built-in's are checked (§16), a service's are its own business. */
@Injectable()
export class BuiltinVariantParameters {
  constructor(
    private readonly check: PromptParametersCheck,
    private readonly models: PromptModelResolver,
  ) {}

  /** The parameters to store for a variant whose base is `uri`; 422 naming the field (under `field`) when they cannot run. */
  async checked(projectId: string, uri: string, parameters: Parameters, field: Array<string | number>): Promise<Parameters> {
    if (!isBuiltinUri(uri)) return parameters;
    return (await this.check.check(projectId, parameters, field)).parameters;
  }

  /** A template's revision 1: its messages and the project's first usable model (FALLBACK_TEMPLATE_MODEL without one). */
  async defaults(projectId: string, kind: BuiltinKind): Promise<PromptParameters> {
    return templateParameters(kind, (await this.models.defaultModel(projectId)) ?? FALLBACK_TEMPLATE_MODEL);
  }
}
