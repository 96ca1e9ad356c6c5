import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type IdempotencyClaim, IdempotencyKeyRepository, type StoredAnswer } from '@crucible/application';

/** A claim whose request never answered is given up after this long (its process died mid-request). */
const ABANDONED_CLAIM_SECONDS = 60;

interface KeyRow {
  request_hash: string;
  response_status: number | null;
  response_body: unknown;
}

@Injectable()
export class TypeOrmIdempotencyKeyRepository extends IdempotencyKeyRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async claim(projectId: string, key: string, requestHash: string, ttlSeconds: number): Promise<IdempotencyClaim> {
    // One statement: insert, or take over an expired or abandoned record; two racing requests cannot both claim.
    const claimed: unknown[] = await this.dataSource.query(`
      INSERT INTO idempotency_keys (project_id, key, request_hash, created_at) VALUES ($1, $2, $3, now())
      ON CONFLICT (project_id, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL, created_at = now()
        WHERE idempotency_keys.created_at < now() - make_interval(secs => $4)
           OR (idempotency_keys.response_status IS NULL AND idempotency_keys.created_at < now() - make_interval(secs => $5))
      RETURNING 1`, [projectId, key, requestHash, ttlSeconds, ABANDONED_CLAIM_SECONDS]);
    if (claimed.length > 0) return { kind: 'claimed' };
    const [row]: KeyRow[] = await this.dataSource.query(
      'SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE project_id = $1 AND key = $2',
      [projectId, key],
    );
    if (!row) return this.claim(projectId, key, requestHash, ttlSeconds);
    if (row.response_status === null) return { kind: 'pending', requestHash: row.request_hash };
    return { kind: 'answered', requestHash: row.request_hash, answer: { status: row.response_status, body: row.response_body } };
  }

  async saveAnswer(projectId: string, key: string, answer: StoredAnswer): Promise<void> {
    await this.dataSource.query(
      'UPDATE idempotency_keys SET response_status = $3, response_body = $4 WHERE project_id = $1 AND key = $2',
      [projectId, key, answer.status, JSON.stringify(answer.body)],
    );
  }

  async release(projectId: string, key: string): Promise<void> {
    await this.dataSource.query(
      'DELETE FROM idempotency_keys WHERE project_id = $1 AND key = $2 AND response_status IS NULL',
      [projectId, key],
    );
  }
}
