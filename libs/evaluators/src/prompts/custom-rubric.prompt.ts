import { JUDGE_SYSTEM, type JudgePrompt, UNIT_SCALE } from './judge-prompt';

/** Score 0 to 1 as the user's rubric (the `rubric` setting) defines it; the expected answer is shown when the row has one. */
export const CUSTOM_RUBRIC_PROMPT: JudgePrompt = {
  name: 'custom',
  scale: UNIT_SCALE,
  system: JUDGE_SYSTEM,
  template: `Grade the output by this rubric, as a score from 0 (fails it entirely) to 1 (meets it fully):
{rubric}

{question}

{output}

{expected}`,
};
