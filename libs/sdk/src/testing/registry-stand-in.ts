import express from 'express';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import type { ResolvedConfig } from '@crucible/contracts';

export interface RegistryCall {
  query: Record<string, string>;
  authorization?: string;
}

/**
 * A small stand-in for the Crucible api's `GET /configs` (the external system the SDK talks to).
 * Configurations are keyed like the SDK asks: `env:<app>:<environment>` or `variant:<id>:<revision|latest>`.
 */
export class RegistryStandIn {
  readonly configs = new Map<string, ResolvedConfig>();
  readonly calls: RegistryCall[] = [];
  /** When set, every request answers this status (e.g. 500 for an outage). */
  failWith?: number;
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    const app = express();
    app.get('/configs', (req, res) => {
      const query = Object.fromEntries(Object.entries(req.query).map(([key, value]) => [key, String(value)]));
      this.calls.push({ query, authorization: req.header('authorization') });
      if (this.failWith) return void res.status(this.failWith).json({ detail: 'registry failure' });
      const key = query.variant_id
        ? `variant:${query.variant_id}:${query.revision ?? 'latest'}`
        : `env:${query.app_id ?? query.app_name}:${query.environment}`;
      const config = this.configs.get(key);
      if (!config) return void res.status(404).json({ detail: `No deployment for ${key}` });
      res.json(config);
    });
    this.server = await new Promise<Server>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve(server));
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export function resolvedConfig(parameters: Record<string, unknown>, overrides: Partial<ResolvedConfig> = {}): ResolvedConfig {
  return {
    app_id: 'app-1',
    variant_id: 'variant-1',
    variant_name: 'default',
    variant_revision_id: 'revision-1',
    revision: 1,
    environment: 'production',
    parameters,
    ...overrides,
  };
}

/** Polls until `condition` holds (it may be async); fails after ~5 s instead of hanging. */
export async function waitFor(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
