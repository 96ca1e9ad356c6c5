import { JUDGE_SYSTEM, type JudgePrompt, UNIT_SCALE } from './judge-prompt';

/** Score 0 to 1: 1 when the output says what it needs in as few words as it can, 0 when it rambles. */
export const CONCISENESS_PROMPT: JudgePrompt = {
  name: 'conciseness',
  scale: UNIT_SCALE,
  system: JUDGE_SYSTEM,
  template: `Grade the CONCISENESS of the output: does it answer without repetition, filler or unasked detail?
- 1: nothing could be removed without losing something the question needs.
- between 0 and 1: the share of the output that is needed.
- 0: the output is mostly filler.

{question}

{output}`,
};
