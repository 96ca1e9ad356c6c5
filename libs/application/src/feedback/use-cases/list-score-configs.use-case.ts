import { Injectable } from '@nestjs/common';
import type { Actor, ScoreConfig } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';
import { type ScoreConfigFilter, ScoreConfigRepository } from '../ports';

/** `GET /score-configs`: oldest first, one keyset page at a time (ARCHITECTURE §10). */
@Injectable()
export class ListScoreConfigsUseCase {
  constructor(private readonly configs: ScoreConfigRepository) {}

  execute(actor: Actor, filter: ScoreConfigFilter, page: PageRequest): Promise<Page<ScoreConfig>> {
    return this.configs.list(actor.projectId, filter, page);
  }
}
