/** What the first request with a key was answered, replayed to every retry within the key's lifetime. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'answered'; requestHash: string; answer: StoredAnswer }
  /** Another request with the key is being processed right now. */
  | { kind: 'pending'; requestHash: string };

export abstract class IdempotencyKeyRepository {
  /**
   * Atomically claims `key` in the project for this request, unless a record younger than `ttlSeconds` holds it
   * (a claim never answered counts for a minute only: its request died with its process); answers what holds it.
   */
  abstract claim(projectId: string, key: string, requestHash: string, ttlSeconds: number): Promise<IdempotencyClaim>;
  abstract saveAnswer(projectId: string, key: string, answer: StoredAnswer): Promise<void>;
  /** Frees a claim whose request failed, so that a corrected retry with the same key can proceed. */
  abstract release(projectId: string, key: string): Promise<void>;
}
