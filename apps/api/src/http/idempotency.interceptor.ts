import {
  type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, UseInterceptors, applyDecorators,
} from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { createHash } from 'node:crypto';
import { type Observable, from, lastValueFrom } from 'rxjs';
import type { Request, Response } from 'express';
import { DomainError } from '@crucible/domain';
import { IdempotencyKeyRepository, type StoredAnswer } from '@crucible/application';
import { presentViolation } from '../presenters/input-violation.presenter';
import { requestActor } from './auth.guard';
import { RequestValidationError } from './validation-error';
import { markAnswerReplayed } from '../audit/audit.interceptor';

/** How long a key's first answer is replayed. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** Key order does not change what a client asked for. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const keyRefused = (reason: string) =>
  new RequestValidationError([presentViolation({ field: ['Idempotency-Key'], reason, rule: 'invalid_value' }, 'header')]);

/**
 * `Idempotency-Key`: the first request with a key in a project runs and its answer is stored; a retry with the same
 * key and body within 24 h gets that answer again without running anything, so a client retrying after a time-out
 * never creates twice. The same key with another body is refused, as is a retry while the first is still running.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly keys: IdempotencyKeyRepository) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const key = request.header('idempotency-key');
    if (key === undefined) return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    const run = async (): Promise<StoredAnswer> => ({ body: await lastValueFrom(next.handle()), status: response.statusCode });
    return from(this.answerOnce(requestActor(request).projectId, key, request.body, run, () => markAnswerReplayed(request)).then((answer) => answer.body));
  }

  private async answerOnce(
    projectId: string, key: string, body: unknown, run: () => Promise<StoredAnswer>, replayed: () => void,
  ): Promise<StoredAnswer> {
    if (key.length === 0 || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) throw keyRefused('must be 1 to 255 visible ASCII characters');
    const requestHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
    const claim = await this.keys.claim(projectId, key, requestHash, IDEMPOTENCY_TTL_SECONDS);
    if (claim.kind !== 'claimed' && claim.requestHash !== requestHash) {
      throw keyRefused('this key was already used with a different request body; use a new key for a new request');
    }
    if (claim.kind === 'answered') {
      replayed();
      return claim.answer;
    }
    if (claim.kind === 'pending') throw new DomainError('conflict', 'a request with this Idempotency-Key is still being processed; retry shortly');
    let answer: StoredAnswer;
    try {
      answer = await run();
    } catch (error) {
      // The request's own error is what the client must see, even if the database is gone by now.
      await this.keys.release(projectId, key).catch(() => undefined);
      throw error;
    }
    await this.keys.saveAnswer(projectId, key, answer);
    return answer;
  }
}

/** The operation answers a retry with the same Idempotency-Key from its first answer. */
export const Idempotent = () => applyDecorators(
  // Documented here, not read with @Headers(): that would document the optional header as a required one.
  ApiHeader({ name: 'Idempotency-Key', required: false, description: 'A retry with the same key within 24 h gets the first answer' }),
  UseInterceptors(IdempotencyInterceptor),
);
