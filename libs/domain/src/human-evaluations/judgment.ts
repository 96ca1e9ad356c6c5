import type { InputRule, InputViolation } from '../shared/input-violation';
import type { HumanEvaluation, HumanEvaluationScenario, HumanEvaluationVariant } from './human-evaluation';

export const BOTH_GOOD_VOTE = '1';
export const BOTH_BAD_VOTE = '0';
export const MIN_SCORE = 1;
export const MAX_SCORE = 5;

export type VoteTarget = { kind: 'variant'; index: number } | { kind: 'both_good' } | { kind: 'both_bad' };

/**
 * What an A/B vote names. A revision id always names one side; a variant id does too unless both compared
 * revisions belong to the same variant, where it would be ambiguous.
 */
export function voteTarget(variants: HumanEvaluationVariant[], vote: string): VoteTarget | null {
  if (vote === BOTH_GOOD_VOTE) return { kind: 'both_good' };
  if (vote === BOTH_BAD_VOTE) return { kind: 'both_bad' };
  const byRevision = variants.findIndex((v) => v.variantRevisionId === vote);
  if (byRevision >= 0) return { kind: 'variant', index: byRevision };
  const byVariant = variants.flatMap((v, index) => (v.variantId === vote ? [index] : []));
  return byVariant.length === 1 ? { kind: 'variant', index: byVariant[0]! } : null;
}

export interface JudgmentCheck {
  violations: InputViolation[];
  vote?: string | null;
  score?: number | null;
}

const violation = (field: string, reason: string, rule: InputRule): InputViolation => ({ field: [field], reason, rule });

function checkVote(evaluation: HumanEvaluation, vote: unknown): InputViolation | string | null {
  if (vote === null) return null;
  if (evaluation.evaluationType === 'single_model_test') {
    return violation('vote', 'a single-model test is judged with a score (1-5), not a vote', 'invalid_value');
  }
  if (typeof vote !== 'string') return violation('vote', 'Input should be a valid string', 'not_text');
  if (voteTarget(evaluation.variants, vote)) return vote;
  const shared = evaluation.variants.length > 1 && evaluation.variants.every((v) => v.variantId === vote);
  const ids = evaluation.variants.map((v) => (shared ? v.variantRevisionId : v.variantId));
  return violation('vote', `Input should be one of ${ids.map((id) => `'${id}'`).join(', ')}, '1' (both good) or '0' (both bad)`
    + (shared ? '; both revisions belong to this variant, so vote with a variant_revision_id' : ''), 'not_a_choice');
}

function checkScore(evaluation: HumanEvaluation, score: unknown): InputViolation | number | null {
  if (score === null) return null;
  if (evaluation.evaluationType === 'human_a_b_testing') {
    return violation('score', 'an A/B test is judged with a vote, not a score', 'invalid_value');
  }
  if (evaluation.metrics.length > 0) {
    const names = evaluation.metrics.map((m) => m.name).join(', ');
    return violation('score', `this evaluation is judged on its score configs (${names}): send scores, not a 1-5 score`, 'invalid_value');
  }
  let value: number;
  if (typeof score === 'number') {
    if (!Number.isInteger(score)) return violation('score', 'Input should be a valid integer', 'not_integer');
    value = score;
  } else if (typeof score === 'string' && /^\s*[+-]?\d+\s*$/.test(score)) {
    value = Number(score.trim());
  } else {
    return violation('score', 'Input should be a valid integer', typeof score === 'string' ? 'unparsable_integer' : 'not_integer');
  }
  if (value < MIN_SCORE) return violation('score', `Input should be greater than or equal to ${MIN_SCORE}`, 'below_minimum');
  if (value > MAX_SCORE) return violation('score', `Input should be less than or equal to ${MAX_SCORE}`, 'above_maximum');
  return value;
}

/**
 * The judgment rules of ARCHITECTURE §5 flow 4: an A/B test takes a vote for one side, '1' (both good) or
 * '0' (both bad); a single-model test takes an integer score 1–5 (also as a string, "4"). null clears either.
 * Absent fields stay absent.
 */
export function checkJudgment(evaluation: HumanEvaluation, input: { vote?: unknown; score?: unknown }): JudgmentCheck {
  const check: JudgmentCheck = { violations: [] };
  if (input.vote !== undefined) {
    const vote = checkVote(evaluation, input.vote);
    if (vote !== null && typeof vote === 'object') check.violations.push(vote);
    else check.vote = vote;
  }
  if (input.score !== undefined) {
    const score = checkScore(evaluation, input.score);
    if (score !== null && typeof score === 'object') check.violations.push(score);
    else check.score = score;
  }
  return check;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

export interface AbTestResults {
  variants: Array<{ variant: HumanEvaluationVariant; votes: number; percentage: number }>;
  bothGood: number;
  bothBad: number;
  judged: number;
  total: number;
}

/** Percentages are of the judged rows, 0–100 with two decimals. */
export function tallyAbTest(evaluation: HumanEvaluation, scenarios: HumanEvaluationScenario[]): AbTestResults {
  const votes = evaluation.variants.map(() => 0);
  let bothGood = 0;
  let bothBad = 0;
  let judged = 0;
  for (const scenario of scenarios) {
    const target = scenario.vote === null ? null : voteTarget(evaluation.variants, scenario.vote);
    if (!target) continue;
    judged += 1;
    if (target.kind === 'both_good') bothGood += 1;
    else if (target.kind === 'both_bad') bothBad += 1;
    else votes[target.index]! += 1;
  }
  const percentage = (count: number): number => (judged === 0 ? 0 : round2((count / judged) * 100));
  return {
    variants: evaluation.variants.map((variant, index) => ({ variant, votes: votes[index]!, percentage: percentage(votes[index]!) })),
    bothGood, bothBad, judged, total: scenarios.length,
  };
}

export interface SingleModelResults {
  /** Count of rows per score, every score 1–5 present. */
  scores: Record<string, number>;
  mean: number | null;
  judged: number;
  total: number;
}

export function tallySingleModel(scenarios: HumanEvaluationScenario[]): SingleModelResults {
  const scores: Record<string, number> = {};
  for (let score = MIN_SCORE; score <= MAX_SCORE; score += 1) scores[String(score)] = 0;
  const given = scenarios.flatMap((s) => (s.score !== null && s.score >= MIN_SCORE && s.score <= MAX_SCORE ? [s.score] : []));
  for (const score of given) scores[String(score)]! += 1;
  const mean = given.length === 0 ? null : given.reduce((sum, s) => sum + s, 0) / given.length;
  return { scores, mean, judged: given.length, total: scenarios.length };
}
