import { Injectable } from '@nestjs/common';
import type { Parameters } from '@crucible/domain';

/** What an environment runs, as the gateway needs it on every call. */
export interface DeployedConfig {
  appId: string;
  environment: string;
  variantId: string;
  variantRevisionId: string;
  revision: number;
  parameters: Parameters;
  /** What the WorkflowInvoker calls: a service's playground endpoint, or a `crucible:builtin:` uri. */
  invocationUrl: string;
}

/** How long another api process may serve a deployment it did not see replaced. */
export const DEPLOYED_CONFIG_TTL_MS = 30_000;

interface Entry {
  config: Promise<DeployedConfig>;
  expiresAt: number;
}

/**
 * Environments' deployed configs, kept in this process so the gateway's hot path reads no database. Deploy and
 * revert drop the project's entries before they answer, so the very next call sees the new deployment; the TTL only
 * bounds how long another api process (which did not see the deploy) may lag.
 */
@Injectable()
export class DeployedConfigCache {
  private readonly projects = new Map<string, Map<string, Entry>>();

  get(projectId: string, appId: string, environment: string, load: () => Promise<DeployedConfig>): Promise<DeployedConfig> {
    let entries = this.projects.get(projectId);
    if (!entries) this.projects.set(projectId, (entries = new Map()));
    const key = `${appId}\u0000${environment}`;
    const now = Date.now();
    const cached = entries.get(key);
    if (cached && cached.expiresAt > now) return cached.config;
    const entry: Entry = { config: load(), expiresAt: now + DEPLOYED_CONFIG_TTL_MS };
    entries.set(key, entry);
    // A failure (nothing deployed, unknown environment) is not kept: the next call asks again.
    entry.config.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry.config;
  }

  /** Called by deploy, revert and app deletion: whatever was loaded (or is loading) for the project is forgotten. */
  dropProject(projectId: string): void {
    this.projects.delete(projectId);
  }
}
