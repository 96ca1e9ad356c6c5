import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type ScoreConfig } from '@crucible/domain';
import { ScoreConfigRepository } from '../ports';

@Injectable()
export class GetScoreConfigUseCase {
  constructor(private readonly configs: ScoreConfigRepository) {}

  async execute(actor: Actor, id: string): Promise<ScoreConfig> {
    const config = await this.configs.findById(actor.projectId, id);
    if (!config) throw DomainError.notFound('score config', id);
    return config;
  }
}
