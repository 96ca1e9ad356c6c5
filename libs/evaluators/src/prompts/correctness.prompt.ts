import { JUDGE_SYSTEM, type JudgePrompt, UNIT_SCALE } from './judge-prompt';

/** Score 0 to 1: 1 when the output says what the expected answer says, 0 when it contradicts or misses it. */
export const CORRECTNESS_PROMPT: JudgePrompt = {
  name: 'correctness',
  scale: UNIT_SCALE,
  system: JUDGE_SYSTEM,
  template: `Grade the CORRECTNESS of the output against the expected answer.
- 1: the output states the same facts as the expected answer (wording may differ).
- between 0 and 1: partly right (the share of the expected facts it gets right), or right with a wrong addition.
- 0: the output contradicts the expected answer or misses it entirely.

{question}

{output}

{expected}`,
};
