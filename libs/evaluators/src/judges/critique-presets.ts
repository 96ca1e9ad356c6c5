import {
  CONCISENESS_PROMPT, CORRECTNESS_PROMPT, CUSTOM_RUBRIC_PROMPT, HALLUCINATION_PROMPT, HELPFULNESS_PROMPT, type JudgePrompt,
  RELEVANCE_PROMPT, SAFETY_PROMPT,
} from '../prompts';

/**
 * The `preset` setting of auto_ai_critique. `template` is the judge as it was before presets: the user's
 * prompt_template, a free-text reply, its first number the score; every other preset answers `{score, reasoning}`
 * through structured output.
 */
export const CRITIQUE_PRESETS = ['template', 'correctness', 'hallucination', 'relevance', 'conciseness', 'helpfulness', 'safety', 'custom'] as const;
export type CritiquePreset = (typeof CRITIQUE_PRESETS)[number];

export const CRITIQUE_PRESET_PROMPTS: Readonly<Record<Exclude<CritiquePreset, 'template'>, JudgePrompt>> = {
  correctness: CORRECTNESS_PROMPT,
  hallucination: HALLUCINATION_PROMPT,
  relevance: RELEVANCE_PROMPT,
  conciseness: CONCISENESS_PROMPT,
  helpfulness: HELPFULNESS_PROMPT,
  safety: SAFETY_PROMPT,
  custom: CUSTOM_RUBRIC_PROMPT,
};

/** The presets that grade against the expected answer, so the test set must have its column. */
export const PRESETS_NEEDING_GROUND_TRUTH: readonly CritiquePreset[] = ['correctness'];
