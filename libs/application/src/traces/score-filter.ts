import { DomainError, type TraceFilter } from '@crucible/domain';

/** Bounds of a score filter mean nothing without the score's name, and an empty range finds nothing by mistake. */
export function assertScoreFilter(filter: TraceFilter): void {
  const bounded = filter.scoreMin !== undefined || filter.scoreMax !== undefined;
  if (bounded && !filter.scoreName) {
    throw DomainError.invalidInput([{ field: ['score_name'], reason: 'score_min and score_max need score_name', rule: 'required' }]);
  }
  if (filter.scoreMin !== undefined && filter.scoreMax !== undefined && filter.scoreMin > filter.scoreMax) {
    throw DomainError.invalidInput([{ field: ['score_max'], reason: `must not be below score_min (${filter.scoreMin})`, rule: 'below_minimum' }]);
  }
}
