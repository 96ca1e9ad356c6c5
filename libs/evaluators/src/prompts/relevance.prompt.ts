import { JUDGE_SYSTEM, type JudgePrompt, UNIT_SCALE } from './judge-prompt';

/** Score 0 to 1: 1 when the output addresses what the question asks, 0 when it is off-topic. */
export const RELEVANCE_PROMPT: JudgePrompt = {
  name: 'relevance',
  scale: UNIT_SCALE,
  system: JUDGE_SYSTEM,
  template: `Grade the RELEVANCE of the output to the question, not whether it is true.
- 1: the output addresses exactly what is asked.
- between 0 and 1: partly on topic, or padded with unrelated material.
- 0: the output does not address the question.

{question}

{output}`,
};
