import type { JudgeScale } from '../judges/judge-verdict';

/** What a prompt shows the judge; each is filled into its `{name}` placeholder as a tagged section. */
export type JudgeSection = 'question' | 'output' | 'expected' | 'contexts';

/**
 * A judge's prompt as it lives in the repository (one file each under src/prompts). `template` holds the
 * `{question}`, `{output}`, `{expected}`, `{contexts}` and (custom rubric) `{rubric}` placeholders it needs;
 * the judge answers `{score, reasoning}` with the score in `scale`, higher always better.
 */
export interface JudgePrompt {
  readonly name: string;
  readonly scale: JudgeScale;
  readonly system: string;
  readonly template: string;
}

export const JUDGE_SYSTEM =
  'You are a strict, impartial evaluator of the answers of an LLM application. Judge only what the sections below ' +
  'show; do not use outside knowledge unless the instructions ask for it. Answer with JSON: a short reasoning, then ' +
  'the score.';

export const UNIT_SCALE: JudgeScale = { min: 0, max: 1 };
