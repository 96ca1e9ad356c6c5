import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { jsonObject, nonEmpty } from './common.wire';
import { appSchema, variantSchema } from './registry.wire';

export const templateSchema = z.object({
  key: z.enum(['completion', 'chat']),
  name: z.string(),
  description: z.string(),
});
export class TemplateDto extends createZodDto(templateSchema) {}

export class CreateVariantFromTemplateDto extends createZodDto(z.object({
  variant_name: nonEmpty.meta({ example: 'concise' }),
  template_key: nonEmpty.meta({ example: 'chat' }),
  parameters: jsonObject.describe("A PromptTemplate as {prompt: {messages, template_format, llm_config}}; the template's defaults without it").nullish(),
})) {}

/** POST /apps: the app, and with a `template_key` its variant `default`. */
export class CreatedAppDto extends createZodDto(appSchema.extend({
  variant: variantSchema.optional().describe('The variant `default` made from the template, when one was named'),
})) {}
