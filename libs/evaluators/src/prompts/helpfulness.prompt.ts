import { JUDGE_SYSTEM, type JudgePrompt, UNIT_SCALE } from './judge-prompt';

/** Score 0 to 1: 1 when the output fully helps the user with what they asked, 0 when it does not help at all. */
export const HELPFULNESS_PROMPT: JudgePrompt = {
  name: 'helpfulness',
  scale: UNIT_SCALE,
  system: JUDGE_SYSTEM,
  template: `Grade the HELPFULNESS of the output to the person who asked: would it let them do what they want?
- 1: complete, actionable and clear.
- between 0 and 1: helps in part (missing steps, vague, or needs a follow-up question).
- 0: does not help (refuses without reason, evades, or is unusable).

{question}

{output}`,
};
