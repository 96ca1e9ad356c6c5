import { type Actor, type Run, DomainError } from '@crucible/domain';
import type { RunRepository } from './ports';

/** `noun` names the kind of run in the 404 ("evaluation", "human evaluation"). */
export async function requireRun<R extends Run>(
  runs: Pick<RunRepository<R>, 'findById'>, actor: Actor, id: string, noun: string,
): Promise<R> {
  const run = await runs.findById(actor.projectId, id);
  if (!run) throw DomainError.notFound(noun, id);
  return run;
}

/** Every one of `ids` (duplicates once, in the order given), or a 404 naming the first missing one. */
export async function requireRuns<R extends Run>(
  runs: Pick<RunRepository<R>, 'list'>, actor: Actor, ids: string[], noun: string,
): Promise<R[]> {
  const unique = [...new Set(ids)];
  const found = await runs.list(actor.projectId, { ids: unique });
  return unique.map((id) => {
    const run = found.find((r) => r.id === id);
    if (!run) throw DomainError.notFound(noun, id);
    return run;
  });
}
