// The browser suite's backend, in one process: the real api on in-memory PGlite serving the built console, the
// example completion service and the mock LLM. Prints one `CONSOLE_STACK {json}` line once everything listens.
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { bootstrapDefaultProject, createApiApp } from '@crucible/api';
import { createLogger } from '@crucible/platform';
import { startCompletionExample } from '../../src/support/example-service';

export const CONSOLE_API_KEY = 'crc_console-e2e-key-0123456789abcdef';

async function main(): Promise<void> {
  const logger = createLogger('crucible-console-e2e');
  const example = await startCompletionExample();
  const app = await createApiApp({
    database: { kind: 'pglite', dataDir: null },
    queue: { kind: 'in-process', concurrency: 2 },
    logger,
    consoleDir: resolve('dist/apps/web'),
  });
  await bootstrapDefaultProject(app, logger, CONSOLE_API_KEY);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const stack = { apiUrl: `http://127.0.0.1:${port}`, serviceUrl: example.service.url, apiKey: CONSOLE_API_KEY };
  process.stdout.write(`CONSOLE_STACK ${JSON.stringify(stack)}\n`);
  // SIGTERM: the api's shutdown hooks close it (and PGlite) and then end the process, service and mock with it.
}

main().catch((error: unknown) => {
  process.stderr.write(`console stack failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
