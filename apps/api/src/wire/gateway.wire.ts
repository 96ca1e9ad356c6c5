import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { jsonObject, nonEmpty } from './common.wire';

export class InvokeAppDto extends createZodDto(z.object({
  environment: nonEmpty.max(200).optional().describe('Default "production"'),
  inputs: jsonObject.meta({ example: { question: 'Where is my parcel?' } }),
  messages: z.array(z.object({ role: z.enum(['system', 'user', 'assistant', 'tool']), content: z.string() }).loose())
    .optional().describe("A chat app's conversation so far"),
})) {}

/** The gateway's answer: what the deployed workflow returned, its trace, tokens, cost (USD) and latency (ms). */
export const gatewayAnswerSchema = z.object({
  data: z.unknown(),
  trace_id: z.string(),
  usage: z.object({ input_tokens: z.number().int(), output_tokens: z.number().int() }),
  cost: z.number(),
  latency: z.number().describe('milliseconds'),
});
