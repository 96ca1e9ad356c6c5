import type { DataSource } from 'typeorm';
import { changeNoticesOf } from '../data-source/change-notices';
import { ambientTransaction } from '../data-source/ambient-transaction';

/**
 * What a read answered, kept by key with the stamp its topic had just before the read (change-notices.ts), and
 * answered again while the stamp holds: any change to the topic, by any process, makes the next stamp differ.
 * Without a listener (its connection down, or turned off) every call reads. The least recently used leave first.
 * Inside a unit of work every call reads too: its answer may hold writes not committed (no notice yet), or rolled back.
 */
export class UnchangedReads<V> {
  private readonly kept = new Map<string, { stamp: string; value: V }>();

  constructor(private readonly dataSource: DataSource, private readonly capacity: number) {}

  /** `keep` says whether an answer may be kept (a key not found is never). */
  async read(topic: string, key: string, read: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (ambientTransaction()) return read();
    // Stamped before reading: a change committed meanwhile makes the next stamp differ.
    const stamp = await changeNoticesOf(this.dataSource)?.stampOf(topic) ?? null;
    const entry = this.kept.get(key);
    this.kept.delete(key); // re-inserted below: the map's order is the order of use
    if (stamp !== null && entry?.stamp === stamp) {
      this.kept.set(key, entry);
      return entry.value;
    }
    const value = await read();
    if (stamp !== null && keep(value)) {
      this.kept.set(key, { stamp, value });
      if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
    }
    return value;
  }
}
