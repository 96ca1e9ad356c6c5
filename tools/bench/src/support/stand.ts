import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapDefaultProject, createApiApp } from '@crucible/api';
import { type DatabaseConfig, createTestPostgres } from '@crucible/persistence';
import { createLogger } from '@crucible/platform';

export type Engine = 'pglite' | 'postgres';
export const ENGINES: readonly Engine[] = ['pglite', 'postgres'];

export const BENCH_KEY = 'crc_bench-key-0123456789abcdefghij';

/** A running api on one engine, as `npm start` runs it (in-process queue), with a fresh database. */
export interface Stand {
  engine: Engine;
  app: INestApplication;
  base: string;
  request<T>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function openStand(engine: Engine): Promise<Stand> {
  const logger = createLogger('bench');
  logger.level = 'warn';
  let database: DatabaseConfig;
  let cleanup: () => Promise<void>;
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'crucible-bench-'));
    database = { kind: 'pglite', dataDir };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    // Distributed storage keeps provider keys only under a master key given to it (the gateway benches store one).
    process.env['CRUCIBLE_SECRET_KEY'] ??= randomBytes(32).toString('base64');
    const postgres = await createTestPostgres();
    database = { kind: 'postgres', url: postgres.url };
    cleanup = () => postgres.drop();
  }
  const app = await createApiApp({ database, queue: { kind: 'in-process', concurrency: 2 }, logger });
  await bootstrapDefaultProject(app, logger, BENCH_KEY);
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  return {
    engine, app, base,
    request: (method, path, body) => requestJson(base, method, path, body),
    async close() {
      await app.close();
      await cleanup();
    },
  };
}

export async function requestJson<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `ApiKey ${BENCH_KEY}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const seconds = (startedAt: number): number => (performance.now() - startedAt) / 1000;
