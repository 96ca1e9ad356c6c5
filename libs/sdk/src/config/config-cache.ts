interface Entry<V> {
  value: V;
  fetchedAt: number;
}

/**
 * Time-to-live cache with stale-while-revalidate: a fresh entry is served as is; an expired one is
 * served at once while one background refresh runs; a failed refresh keeps the stale entry unless
 * `evictOn` says the failure is authoritative (e.g. the registry answered 404).
 */
export class ConfigCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly inFlight = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly evictOn: (error: unknown) => boolean = () => false,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry) {
      if (this.now() - entry.fetchedAt >= this.ttlMs) this.refresh(key, load).catch(() => undefined);
      return entry.value;
    }
    return this.refresh(key, load);
  }

  clear(): void {
    this.entries.clear();
  }

  private refresh(key: string, load: () => Promise<V>): Promise<V> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const loading = load()
      .then((value) => {
        this.entries.set(key, { value, fetchedAt: this.now() });
        return value;
      })
      .catch((error: unknown) => {
        if (this.evictOn(error)) this.entries.delete(key);
        throw error;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, loading);
    return loading;
  }
}
