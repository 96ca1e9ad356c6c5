export * from './prompt-model-resolver';
export * from './prompt-parameters-check';
export * from './builtin-variant-parameters';
export * from './builtin-workflow-runner';
export * from './builtin-variant-schema';
export * from './dispatching-workflow-invoker';
export * from './conversation-input';
export * from './prompt-trace';
export * from './use-cases/list-templates.use-case';
export * from './use-cases/create-variant-from-template.use-case';
export * from './use-cases/create-app-from-template.use-case';
export * from './gateway';
import { PromptModelResolver } from './prompt-model-resolver';
import { PromptParametersCheck } from './prompt-parameters-check';
import { BuiltinVariantParameters } from './builtin-variant-parameters';
import { BuiltinWorkflowRunner } from './builtin-workflow-runner';
import { ListTemplatesUseCase } from './use-cases/list-templates.use-case';
import { CreateVariantFromTemplateUseCase } from './use-cases/create-variant-from-template.use-case';
import { CreateAppFromTemplateUseCase } from './use-cases/create-app-from-template.use-case';
import { DeployedConfigCache } from './gateway';

/** The prompts context (ARCHITECTURE §16): templates, built-in workflows and the checks of their parameters. */
export const PROMPTS_USE_CASES = [
  PromptModelResolver, PromptParametersCheck, BuiltinVariantParameters, BuiltinWorkflowRunner,
  ListTemplatesUseCase, CreateVariantFromTemplateUseCase, CreateAppFromTemplateUseCase,
  DeployedConfigCache,
];
