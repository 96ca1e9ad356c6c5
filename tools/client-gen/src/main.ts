import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { GENERATED_TYPES_PATH, currentOpenApiDocument, generateTypes } from './generate-client';

/** `generate:client` writes libs/client's types; `--stdout` prints them instead (the stale-client test compares). */
async function main(): Promise<void> {
  const types = await generateTypes(await currentOpenApiDocument());
  if (process.argv.includes('--stdout')) {
    process.stdout.write(types);
    return;
  }
  writeFileSync(GENERATED_TYPES_PATH, types);
  process.stdout.write(`wrote ${relative(process.cwd(), GENERATED_TYPES_PATH)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`generate:client failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
