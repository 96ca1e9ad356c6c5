import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Actor, type NewScoreConfig, type ScoreConfig, checkedScoreConfig } from '@crucible/domain';
import { ScoreConfigRepository } from '../ports';

/** `POST /score-configs` (ARCHITECTURE §18). */
@Injectable()
export class CreateScoreConfigUseCase {
  constructor(private readonly configs: ScoreConfigRepository) {}

  async execute(actor: Actor, input: NewScoreConfig, now = new Date()): Promise<ScoreConfig> {
    const config: ScoreConfig = {
      ...checkedScoreConfig(input), id: randomUUID(), projectId: actor.projectId, archived: false,
      createdAt: now, updatedAt: now, createdBy: actor.name,
    };
    await this.configs.create(config);
    return config;
  }
}
