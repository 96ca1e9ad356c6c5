import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  type Actor, DomainError, type OfferedScoreValue, type Score, type ScoreConfig, type ScoreSource,
  assertTakesScores, checkedScoreComment, checkedScoreName, checkedScoreValue,
} from '@crucible/domain';
import { ScoreConfigRepository, ScoreRepository } from '../ports';

export interface NewScore extends OfferedScoreValue {
  /** The caller's id makes the call idempotent; without one a new id is drawn. */
  id?: string | null;
  traceId: string;
  spanId?: string | null;
  /** May be left out when `configId` names the config. */
  name?: string | null;
  comment?: string | null;
  configId?: string | null;
  source: ScoreSource;
}

/**
 * `POST /scores` (ARCHITECTURE §18): checked against its config (the one named by `configId`, else the project's
 * config of that name, see `findByName`), on a trace of the caller's project, idempotent by id.
 */
@Injectable()
export class CreateScoreUseCase {
  constructor(private readonly scores: ScoreRepository, private readonly configs: ScoreConfigRepository) {}

  async execute(actor: Actor, input: NewScore, now = new Date()): Promise<{ score: Score; created: boolean }> {
    if (input.id) {
      const earlier = await this.scores.findById(actor.projectId, input.id);
      if (earlier) return { score: earlier, created: false };
    }
    const config = await this.configOf(actor, input);
    const name = config?.name ?? checkedScoreName(input.name ?? '');
    if (config) assertTakesScores(config);
    const checked = checkedScoreValue(config, input);
    const comment = checkedScoreComment(input.comment);
    const spanId = input.spanId ?? null;
    const target = await this.scores.target(actor.projectId, input.traceId, spanId);
    if (target === 'no_trace') throw DomainError.notFound('trace', input.traceId);
    if (target === 'no_span') throw new DomainError('not_found', `span ${spanId} not found in trace ${input.traceId}`);
    return this.scores.save({
      id: input.id ?? randomUUID(), projectId: actor.projectId, traceId: input.traceId, spanId, name, ...checked, comment,
      configId: config?.id ?? null, source: input.source, authorId: actor.id, author: actor.name, createdAt: now,
    });
  }

  private async configOf(actor: Actor, input: NewScore): Promise<ScoreConfig | null> {
    if (!input.configId) return input.name ? this.configs.findByName(actor.projectId, input.name.trim()) : null;
    const config = await this.configs.findById(actor.projectId, input.configId);
    if (!config) throw DomainError.notFound('score config', input.configId);
    if (input.name && input.name.trim() !== config.name) {
      throw DomainError.invalidInput([{
        field: ['name'], reason: `score config ${config.id} is named "${config.name}", not "${input.name.trim().slice(0, 100)}"`, rule: 'invalid_value',
      }]);
    }
    return config;
  }
}
