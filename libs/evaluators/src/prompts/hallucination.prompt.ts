import { JUDGE_SYSTEM, type JudgePrompt, UNIT_SCALE } from './judge-prompt';

/**
 * Score 0 to 1, higher is better: 1 when every claim of the output is supported by the question (and its context
 * columns), 0 when the output is made up.
 */
export const HALLUCINATION_PROMPT: JudgePrompt = {
  name: 'hallucination',
  scale: UNIT_SCALE,
  system: JUDGE_SYSTEM,
  template: `Check the output for HALLUCINATION: claims that the question and the material it gives do not support.
- 1: no hallucination; every claim of the output follows from the question section.
- between 0 and 1: the share of the output's claims that are supported.
- 0: the output is invented; none of its claims is supported.

{question}

{output}`,
};
