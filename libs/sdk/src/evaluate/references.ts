import type { AppAnswer, EvaluationAnswer, TestsetAnswer, TestsetSummaryAnswer, VariantAnswer } from './api-answers';
import { type CrucibleApi, EvaluateError } from './crucible-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isId = (value: string): boolean => UUID.test(value);
const named = (things: string[]): string => (things.length === 0 ? 'none' : things.map((name) => `"${name}"`).join(', '));

/** An app by id, or by its name in the project. */
export async function findApp(api: CrucibleApi, app: string): Promise<AppAnswer> {
  if (isId(app)) return api.get<AppAnswer>(`apps/${app}`);
  const apps = await api.list<AppAnswer>('apps');
  const found = apps.find((candidate) => candidate.app_name === app);
  if (!found) throw new EvaluateError(`evaluate(): no app named "${app}" in the project (apps: ${named(apps.map((a) => a.app_name))})`, 404);
  return found;
}

/** A variant of the app by id or name; undefined leaves the choice to the api (the app's only variant). */
export async function findVariant(api: CrucibleApi, app: AppAnswer, variant: string | undefined): Promise<string | undefined> {
  if (variant === undefined) return undefined;
  const variants = await api.list<VariantAnswer>(`apps/${app.app_id}/variants`);
  const found = variants.find((candidate) => candidate.variant_id === variant || candidate.variant_name === variant);
  if (!found) {
    throw new EvaluateError(`evaluate(): app "${app.app_name}" has no variant "${variant}" (variants: ${named(variants.map((v) => v.variant_name))})`, 404);
  }
  return found.variant_id;
}

/** A test set with its rows, by id or by its name in the project. */
export async function findTestset(api: CrucibleApi, testset: string): Promise<TestsetAnswer> {
  if (isId(testset)) return api.get<TestsetAnswer>(`testsets/${testset}`);
  const summaries = await api.list<TestsetSummaryAnswer>('testsets');
  const found = summaries.find((candidate) => candidate.name === testset);
  if (!found) {
    throw new EvaluateError(`evaluate(): no test set named "${testset}" in the project (test sets: ${named(summaries.map((t) => t.name))})`, 404);
  }
  return api.get<TestsetAnswer>(`testsets/${found.id}`);
}

const COMPARABLE = new Set(['EVALUATION_FINISHED', 'EVALUATION_FINISHED_WITH_ERRORS']);

/**
 * The evaluation to compare with: the id given, or ("latest") the newest finished evaluation of the same variant
 * on the same test set before `uploaded`, whoever ran it. Null when there is none yet.
 */
export async function findBaseline(api: CrucibleApi, baseline: string, uploaded: EvaluationAnswer): Promise<string | null> {
  if (baseline !== 'latest') return baseline;
  const evaluations = await api.list<EvaluationAnswer>(`evaluations?app_id=${encodeURIComponent(uploaded.app_id)}`);
  const earlier = evaluations.filter((evaluation) => evaluation.id !== uploaded.id
    && evaluation.testset_id === uploaded.testset_id
    && evaluation.variant_ids[0] === uploaded.variant_ids[0]
    && COMPARABLE.has(String(evaluation.status.value))
    && evaluation.created_at <= uploaded.created_at);
  // Listed oldest first.
  return earlier.at(-1)?.id ?? null;
}
