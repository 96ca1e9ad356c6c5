import type { UnitOfWork } from './unit-of-work';
import { NoSiblingProcesses, type SiblingProcesses } from './sibling-processes';

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

/**
 * What a project's hot paths read on every call (connections, prices), kept in this process. Whoever changes such data
 * drops the project's entries before answering, here and in this server's sibling workers (CRUCIBLE_API_WORKERS); the
 * TTL only bounds how long another api server, which did not see the change, may lag. A failed read is not kept.
 *
 * Inside a unit of work a read sees the unit's uncommitted writes, and on PGlite the unit holds the only connection:
 * it reads for itself, neither keeping its answer (it may be rolled back) nor awaiting a read another request started
 * (that read would wait for the unit's connection while the unit waits for it). A drop inside a unit happens again
 * after the commit: another request may have read the old rows meanwhile.
 */
export class ProjectReadCache {
  private projects = new Map<string, Map<string, Entry>>();

  /** `topic`: what the siblings' copies of this cache listen to. */
  constructor(
    private readonly ttlMs: number,
    private readonly unitOfWork?: UnitOfWork,
    private readonly siblings: SiblingProcesses = new NoSiblingProcesses(),
    private readonly topic = 'project-reads',
  ) {
    siblings.subscribe(topic, (projectId) => this.projects.delete(projectId));
  }

  read<T>(projectId: string, key: string, load: () => Promise<T>): Promise<T> {
    if (this.unitOfWork?.isActive()) return load();
    let entries = this.projects.get(projectId);
    if (!entries) this.projects.set(projectId, (entries = new Map()));
    const now = Date.now();
    const cached = entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value as Promise<T>;
    const entry: Entry = { value: load(), expiresAt: now + this.ttlMs };
    const held = entries;
    held.set(key, entry);
    entry.value.catch(() => {
      if (held.get(key) === entry) held.delete(key);
    });
    return entry.value as Promise<T>;
  }

  /** Dropped here at once, and again once the change commits, then in the siblings, before the change is answered. */
  async dropProject(projectId: string): Promise<void> {
    this.projects.delete(projectId);
    const dropEverywhere = async () => {
      this.projects.delete(projectId);
      await this.siblings.broadcast(this.topic, projectId);
    };
    await (this.unitOfWork ? this.unitOfWork.afterCommit(dropEverywhere) : dropEverywhere());
  }

  clear(): void {
    this.projects = new Map();
  }
}
