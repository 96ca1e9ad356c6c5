import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { jsonObject } from './common.wire';

export class PlaygroundRunDto extends createZodDto(z.object({
  inputs: jsonObject.meta({ example: { input: 'What is the capital of France?' } }),
  config: jsonObject.optional().describe("Overrides on top of the revision's parameters"),
  revision: z.int().min(1).optional().describe("Start from this revision's parameters (default: the latest)"),
})) {}
