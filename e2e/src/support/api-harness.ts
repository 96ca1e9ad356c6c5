import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AddressInfo } from 'node:net';
import { type ApiOptions, createApiApp, bootstrapDefaultProject } from '@crucible/api';
import { type CrucibleClient, createCrucibleClient } from '@crucible/client';
import type { QueueConfig } from '@crucible/queue';
import { createTestPostgres, type DatabaseConfig, type TestPostgres } from '@crucible/persistence';
import type { OutboundConfig } from '@crucible/integrations';
import { createLogger, parseEnvironment } from '@crucible/platform';
import { HttpClient } from './http-client';

export type Engine = 'pglite' | 'postgres';

export interface RunningApi {
  /** Loose JSON client, only for what the typed client cannot send: bodies the contract forbids, raw JSON text, paths outside /openapi.json. */
  client: HttpClient;
  /** The typed client generated from /openapi.json, with the bootstrap key. */
  api: CrucibleClient;
  /** The typed client with another key, or none. */
  withKey(apiKey: string | undefined): CrucibleClient;
  baseUrl: string;
  apiKey: string;
  app: INestApplication;
  database: DatabaseConfig;
  close(): Promise<void>;
}

export const BOOTSTRAP_KEY = 'crc_e2e-bootstrap-key-0123456789abcdef';

/** Boots the real api on a random port against a fresh database of the given engine. */
export async function startApi(
  engine: Engine,
  options: {
    dataDir?: string | null; postgres?: TestPostgres; queue?: QueueConfig; outbound?: OutboundConfig; bootstrapKey?: string; logger?: Logger;
    /** The HTTP edge's limits and the console directory, for suites that try them. */
    edge?: Pick<ApiOptions, 'bodyLimits' | 'serverLimits' | 'consoleDir'>;
    /** Variables set for this api only, over the process's own (CRUCIBLE_SMTP_URL, …). */
    env?: Record<string, string>;
  } = {},
): Promise<RunningApi & { postgres?: TestPostgres }> {
  const postgres = engine === 'postgres' ? options.postgres ?? (await createTestPostgres()) : undefined;
  const database: DatabaseConfig = postgres
    ? { kind: 'postgres', url: postgres.url, poolSize: 5 }
    : { kind: 'pglite', dataDir: options.dataDir ?? null };
  const logger = options.logger ?? createLogger('crucible-api-e2e');
  const bootstrapKey = options.bootstrapKey ?? BOOTSTRAP_KEY;
  const queue = options.queue ?? { kind: 'in-process', concurrency: 2 };
  const environment = options.env ? parseEnvironment({ ...process.env, ...options.env }) : undefined;
  const app = await createApiApp({ database, logger, queue, outbound: options.outbound, environment, ...options.edge });
  await bootstrapDefaultProject(app, logger, bootstrapKey);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const client = new HttpClient(baseUrl, bootstrapKey);
  const api = createCrucibleClient({ baseUrl, apiKey: bootstrapKey });
  return {
    client, api, baseUrl, apiKey: bootstrapKey, app, database, postgres,
    withKey: (apiKey) => createCrucibleClient({ baseUrl, apiKey }),
    async close() {
      await app.close();
      if (!options.postgres) await postgres?.drop();
    },
  };
}
