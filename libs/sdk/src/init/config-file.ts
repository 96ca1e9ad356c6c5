import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';

/** The SDK configuration file (JSON or YAML): which deployment this process serves outside routes. */
export const sdkConfigFileSchema = z.object({
  app_id: z.string().min(1).optional(),
  variant_id: z.string().min(1).optional(),
  variant_revision: z.number().int().positive().optional(),
  environment: z.string().min(1).optional(),
  default_config: z.record(z.string(), z.unknown()).optional(),
});
export type SdkConfigFile = z.infer<typeof sdkConfigFileSchema>;

export function loadConfigFile(fname: string): SdkConfigFile {
  const path = resolve(fname);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the Crucible SDK config file ${path}: ${(error as Error).message}`);
  }
  let raw: unknown;
  try {
    // YAML is a superset of JSON, so one parser reads both.
    raw = parse(text) ?? {};
  } catch (error) {
    throw new Error(`The Crucible SDK config file ${path} is neither valid JSON nor YAML: ${(error as Error).message}`);
  }
  const parsed = sdkConfigFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    throw new Error(`Invalid Crucible SDK config file ${path}: ${problems}`);
  }
  return parsed.data;
}
