// The browser suite's backend, in one process: the real api on in-memory PGlite serving the built console, the
// example completion service and the mock LLM, with single sign-on against a local OpenID Connect provider (a child
// process). Prints one `CONSOLE_STACK {json}` line once everything listens.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { bootstrapDefaultProject, createApiApp } from '@crucible/api';
import { createLogger } from '@crucible/platform';
import { startCompletionExample } from '../../src/support/example-service';

export const CONSOLE_API_KEY = 'crc_console-e2e-key-0123456789abcdef';
const OIDC_CLIENT = { clientId: 'crucible-console-e2e', clientSecret: 'console-e2e-client-secret-0123456789abcdef' };
/**
 * Who the provider signs in (its login form takes the id, any password): the owner the first-run test makes, so a
 * single sign-on lands on that account.
 */
const OIDC_ACCOUNTS = { 'ada-sso': { email: 'Ada.Owner@example.com', email_verified: true, name: 'Ada Owner' } };

/** e2e/fixtures/oidc-provider.js (an ES module tree, so a process of its own); it ends with this one. */
async function startOidcProvider(): Promise<string> {
  const child = spawn(process.execPath, [resolve('e2e/fixtures/oidc-provider.js'),
    JSON.stringify({ ...OIDC_CLIENT, callbackPath: '/auth/oidc/callback', accounts: OIDC_ACCOUNTS })], { stdio: ['ignore', 'pipe', 'inherit'] });
  // The api's shutdown hook ends this process by re-raising the signal, which skips 'exit' listeners: the provider is
  // ended on the signal itself (once, so the re-raised signal still ends this process).
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.prependOnceListener(signal, stop);
  const firstLine = await new Promise<string>((resolveLine, reject) => {
    createInterface({ input: child.stdout }).once('line', resolveLine);
    child.once('exit', (code) => reject(new Error(`the OIDC provider exited (${code}) before it listened`)));
  });
  return (JSON.parse(firstLine) as { issuer: string }).issuer;
}

async function main(): Promise<void> {
  const logger = createLogger('crucible-console-e2e');
  const example = await startCompletionExample();
  const issuer = await startOidcProvider();
  Object.assign(process.env, {
    CRUCIBLE_OIDC_ISSUER: issuer, CRUCIBLE_OIDC_CLIENT_ID: OIDC_CLIENT.clientId, CRUCIBLE_OIDC_CLIENT_SECRET: OIDC_CLIENT.clientSecret,
    CRUCIBLE_OIDC_NAME: 'Example SSO',
  });
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
