import type { UnitOfWork } from './unit-of-work';

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

/**
 * What a project's hot paths read on every call (a key's actor, connections, prices), kept in this process. Whoever
 * changes such data drops the project's entries before answering; the TTL only bounds how long another process, which
 * did not see the change, may lag. A failed read is not kept.
 *
 * Inside a unit of work a read sees the unit's uncommitted writes, and on PGlite the unit holds the only connection:
 * it reads for itself, neither keeping its answer (it may be rolled back) nor awaiting a read another request started
 * (that read would wait for the unit's connection while the unit waits for it). A drop inside a unit happens again
 * after the commit: another request may have read the old rows meanwhile.
 */
export class ProjectReadCache {
  private projects = new Map<string, Map<string, Entry>>();

  constructor(private readonly ttlMs: number, private readonly unitOfWork?: UnitOfWork) {}

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

  dropProject(projectId: string): void {
    this.projects.delete(projectId);
    if (this.unitOfWork?.isActive()) void this.unitOfWork.afterCommit(() => void this.projects.delete(projectId));
  }

  clear(): void {
    this.projects = new Map();
  }
}
