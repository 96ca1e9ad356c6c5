import { Injectable } from '@nestjs/common';
import type { Actor, Score } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';
import { type ScoreFilter, ScoreRepository } from '../ports';

/** `GET /scores?trace_id&name&source&from&to`: oldest first, one keyset page at a time (ARCHITECTURE §10). */
@Injectable()
export class ListScoresUseCase {
  constructor(private readonly scores: ScoreRepository) {}

  execute(actor: Actor, filter: ScoreFilter, page: PageRequest): Promise<Page<Score>> {
    return this.scores.list(actor.projectId, filter, page);
  }
}
