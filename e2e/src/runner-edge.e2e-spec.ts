import { randomUUID } from 'node:crypto';
import { createTestPostgres, type TestPostgres } from '@crucible/persistence';
import { type RunnerProcess, startRunnerProcess } from './support/runner-process';
import { firstSettled, slowSocket } from './support/raw-http';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** The workflow-runner's health server holds connections like the api's (§19): CRUCIBLE_MAX_CONNECTIONS caps them. */
describe('the workflow-runner health server', () => {
  let postgres: TestPostgres;
  let runner: RunnerProcess;
  const cap = 5;

  beforeAll(async () => {
    postgres = await createTestPostgres();
    runner = await startRunnerProcess({
      databaseUrl: postgres.url, redisUrl: REDIS_URL, queueName: `edge-${randomUUID()}`, maxConnections: cap,
    });
  }, 90_000);
  afterAll(async () => {
    await runner?.stop();
    await postgres?.drop();
  });

  it('closes sockets over CRUCIBLE_MAX_CONNECTIONS at once, and answers /health once the flood is gone', async () => {
    const baseUrl = `http://127.0.0.1:${runner.port}`;
    // Ten over the cap: the start-up health polls may still hold one keep-alive connection, or have let it go.
    const sockets = [];
    for (let index = 0; index < cap + 10; index += 1) sockets.push(await slowSocket(baseUrl));
    const refused = await firstSettled(sockets.map((socket) => socket.closed), 5);
    // Held sockets would keep the runner from stopping, whatever the outcome.
    sockets.forEach((socket) => socket.destroy());
    expect(refused).toEqual(Array.from({ length: 5 }, () => ({ answer: '' })));
    await Promise.all(sockets.map((socket) => socket.closed));
    expect((await fetch(`${baseUrl}/health`)).status).toBe(200);
  });
});
