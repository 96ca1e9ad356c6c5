interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

/**
 * What a project's hot paths read on every call (a key's actor, connections, prices), kept in this process. Whoever
 * changes such data drops the project's entries before answering; the TTL only bounds how long another process, which
 * did not see the change, may lag. A failed read is not kept.
 */
export class ProjectReadCache {
  private projects = new Map<string, Map<string, Entry>>();

  constructor(private readonly ttlMs: number) {}

  read<T>(projectId: string, key: string, load: () => Promise<T>): Promise<T> {
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
  }

  clear(): void {
    this.projects = new Map();
  }
}
