import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type ScoreConfig } from '@crucible/domain';
import { ScoreConfigRepository } from '../ports';

/** `PATCH /score-configs/{id} {archived}`: an archived config keeps its scores and takes no new ones; it may be restored. */
@Injectable()
export class ArchiveScoreConfigUseCase {
  constructor(private readonly configs: ScoreConfigRepository) {}

  async execute(actor: Actor, id: string, archived: boolean, now = new Date()): Promise<ScoreConfig> {
    const config = await this.configs.setArchived(actor.projectId, id, archived, now);
    if (!config) throw DomainError.notFound('score config', id);
    return config;
  }
}
