import { z } from 'zod';

/** GET /configs answer: the configuration the SDK runs a deployed call with. */
export const resolvedConfigSchema = z.object({
  app_id: z.string(),
  variant_id: z.string(),
  variant_name: z.string(),
  variant_revision_id: z.string(),
  revision: z.number().int().positive(),
  environment: z.string().nullable().optional(),
  parameters: z.record(z.string(), z.unknown()),
});
export type ResolvedConfig = z.infer<typeof resolvedConfigSchema>;
