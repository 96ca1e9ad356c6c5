import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type IdempotencyClaim, IdempotencyKeyRepository, type StoredAnswer } from '@crucible/application';
import { besideTheUnit, undoBesideTheUnit, whenTheUnitEnds } from '../data-source/ambient-transaction';
import { IDEMPOTENCY_ANSWER, IDEMPOTENCY_CLAIM, IDEMPOTENCY_RECORD, IDEMPOTENCY_RELEASE } from './idempotency-key.sql';

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

  /**
   * Claimed beside the request's unit of work (a retry meanwhile is told the first is still running, and the unit
   * holds no connection while, say, an upload is judged); the answer is saved in the unit, with the change. A unit
   * that rolls back leaves its claim unanswered: it is released once the unit ended (after a commit there is nothing
   * to release).
   */
  async claim(projectId: string, key: string, requestHash: string, ttlSeconds: number): Promise<IdempotencyClaim> {
    const parameters = [projectId, key, requestHash, ttlSeconds, ABANDONED_CLAIM_SECONDS];
    const claimed: unknown[] = await besideTheUnit(this.dataSource, IDEMPOTENCY_CLAIM, parameters);
    if (claimed.length > 0) {
      whenTheUnitEnds(() => this.dataSource.query(IDEMPOTENCY_RELEASE, [projectId, key]));
      return { kind: 'claimed' };
    }
    const [row]: KeyRow[] = await this.dataSource.query(IDEMPOTENCY_RECORD, [projectId, key]);
    if (!row) return this.claim(projectId, key, requestHash, ttlSeconds);
    if (row.response_status === null) return { kind: 'pending', requestHash: row.request_hash };
    return { kind: 'answered', requestHash: row.request_hash, answer: { status: row.response_status, body: row.response_body } };
  }

  async saveAnswer(projectId: string, key: string, answer: StoredAnswer): Promise<void> {
    await this.dataSource.query(IDEMPOTENCY_ANSWER, [projectId, key, answer.status, JSON.stringify(answer.body)]);
  }

  async release(projectId: string, key: string): Promise<void> {
    await undoBesideTheUnit(this.dataSource, IDEMPOTENCY_RELEASE, [projectId, key]);
  }
}
