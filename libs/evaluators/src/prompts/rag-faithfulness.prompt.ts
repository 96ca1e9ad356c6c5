import { JUDGE_SYSTEM, type JudgePrompt, UNIT_SCALE } from './judge-prompt';

/** Score 0 to 1: the share of the output's claims that the retrieved contexts support (1: fully grounded). */
export const RAG_FAITHFULNESS_PROMPT: JudgePrompt = {
  name: 'rag_faithfulness',
  scale: UNIT_SCALE,
  system: JUDGE_SYSTEM,
  template: `Grade the FAITHFULNESS of the output to the retrieved contexts. Split the output into its claims and
check each against the contexts alone (not your own knowledge).
- score: the number of claims the contexts support divided by the number of claims (1 when the output makes no claim).
- reasoning: the unsupported claims, if any.

{contexts}

{output}`,
};
