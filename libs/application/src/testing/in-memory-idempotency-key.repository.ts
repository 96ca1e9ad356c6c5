import { type IdempotencyClaim, IdempotencyKeyRepository, type StoredAnswer } from '../idempotency/ports';

interface KeyRecord {
  requestHash: string;
  claimedAt: number;
  answer: StoredAnswer | null;
}

/** Keys per project in a map; `now` moves time for expiry tests. A claim never answered is abandoned after a minute. */
export class InMemoryIdempotencyKeyRepository extends IdempotencyKeyRepository {
  readonly records = new Map<string, KeyRecord>();

  constructor(readonly now: () => number = Date.now) {
    super();
  }

  async claim(projectId: string, key: string, requestHash: string, ttlSeconds: number): Promise<IdempotencyClaim> {
    const id = `${projectId}/${key}`;
    const held = this.records.get(id);
    const age = held ? (this.now() - held.claimedAt) / 1000 : Infinity;
    if (!held || age > ttlSeconds || (held.answer === null && age > 60)) {
      this.records.set(id, { requestHash, claimedAt: this.now(), answer: null });
      return { kind: 'claimed' };
    }
    return held.answer === null
      ? { kind: 'pending', requestHash: held.requestHash }
      : { kind: 'answered', requestHash: held.requestHash, answer: held.answer };
  }

  async saveAnswer(projectId: string, key: string, answer: StoredAnswer): Promise<void> {
    const held = this.records.get(`${projectId}/${key}`);
    if (held) held.answer = structuredClone(answer);
  }

  async release(projectId: string, key: string): Promise<void> {
    const id = `${projectId}/${key}`;
    if (this.records.get(id)?.answer === null) this.records.delete(id);
  }
}
