import { Injectable, Optional } from '@nestjs/common';
import type { Parameters } from '@crucible/domain';
import { NoSiblingProcesses, SiblingProcesses } from '../../shared/sibling-processes';
import { ChangeMarks, NoChangeMarks } from '../../shared/change-marks';

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

/** How long another api server may serve a deployment it did not hear replaced (its notices not listened to). */
const DEPLOYED_CONFIG_TTL_MS = 30_000;

interface Entry {
  config: Promise<DeployedConfig>;
  expiresAt: number;
  /** The project's deployments mark before the load: kept while it stands. */
  mark: string | null;
}

const TOPIC = 'deployed-configs';

/**
 * Environments' deployed configs, kept in this process so the gateway's hot path reads no database. Deploy and
 * revert drop the project's entries, here and in this server's sibling workers, before they answer, so the very next
 * call sees the new deployment. Another api server drops them when it hears of the change (ChangeMarks: PostgreSQL's
 * notices, a moment after the commit); the TTL only bounds the lag when it hears nothing.
 */
@Injectable()
export class DeployedConfigCache {
  private readonly projects = new Map<string, Map<string, Entry>>();

  constructor(
    @Optional() private readonly siblings: SiblingProcesses = new NoSiblingProcesses(),
    @Optional() private readonly marks: ChangeMarks = new NoChangeMarks(),
  ) {
    siblings.subscribe(TOPIC, (projectId) => this.projects.delete(projectId));
  }

  get(projectId: string, appId: string, environment: string, load: () => Promise<DeployedConfig>): Promise<DeployedConfig> {
    let entries = this.projects.get(projectId);
    if (!entries) this.projects.set(projectId, (entries = new Map()));
    const key = `${appId}\u0000${environment}`;
    const now = Date.now();
    const cached = entries.get(key);
    const mark = this.marks.markOf('deployments', projectId);
    if (cached && cached.expiresAt > now && cached.mark === mark) return cached.config;
    const entry: Entry = { config: load(), expiresAt: now + DEPLOYED_CONFIG_TTL_MS, mark };
    entries.set(key, entry);
    // A failure (nothing deployed, unknown environment) is not kept: the next call asks again.
    entry.config.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry.config;
  }

  /** Called by deploy, revert and app deletion: whatever was loaded (or is loading) for the project is forgotten. */
  async dropProject(projectId: string): Promise<void> {
    this.projects.delete(projectId);
    await this.siblings.broadcast(TOPIC, projectId);
  }
}
