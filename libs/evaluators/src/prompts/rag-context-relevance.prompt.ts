import { JUDGE_SYSTEM, type JudgePrompt, UNIT_SCALE } from './judge-prompt';

/** Score 0 to 1: how much of the retrieved contexts bears on the question (1: all of it, 0: none). */
export const RAG_CONTEXT_RELEVANCE_PROMPT: JudgePrompt = {
  name: 'rag_context_relevance',
  scale: UNIT_SCALE,
  system: JUDGE_SYSTEM,
  template: `Grade the RELEVANCE of the retrieved contexts to the question: would they let someone answer it?
- score: the share of the contexts that bear on the question, weighted by how much they help (1: all relevant,
  0: none is).
- reasoning: which contexts are irrelevant, if any.

{question}

{contexts}`,
};
