import { JUDGE_SYSTEM, type JudgePrompt, UNIT_SCALE } from './judge-prompt';

/** Score 0 to 1: how directly the output answers the question (1: directly and fully, 0: not at all). */
export const RAG_ANSWER_RELEVANCE_PROMPT: JudgePrompt = {
  name: 'rag_answer_relevance',
  scale: UNIT_SCALE,
  system: JUDGE_SYSTEM,
  template: `Grade the ANSWER RELEVANCE of the output: does it answer the question that was asked, directly and
completely, without evasion or unrelated material? Its truth is not graded here.
- 1: answers the question directly and fully.
- between 0 and 1: answers in part, or with much unrelated material.
- 0: does not answer the question.

{question}

{output}`,
};
