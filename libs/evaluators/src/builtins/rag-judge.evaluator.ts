import type { Result } from '@crucible/domain';
import type { LlmGateway } from '@crucible/application';
import type { Evaluator, EvaluatorContext } from '../evaluator';
import { asText } from '../support/values';
import { askJudge } from '../judges/ask-judge';
import { contextsOf, numberedContexts, questionText, renderJudgePrompt } from '../judges/judge-sections';
import {
  type JudgePrompt, RAG_ANSWER_RELEVANCE_PROMPT, RAG_CONTEXT_RELEVANCE_PROMPT, RAG_FAITHFULNESS_PROMPT,
} from '../prompts';

/** A RAG metric graded by an LLM judge through structured output: its prompt says which sections it reads. */
export class RagJudgeEvaluator implements Evaluator {
  constructor(
    readonly key: string,
    private readonly judgePrompt: JudgePrompt,
    private readonly llm: LlmGateway,
  ) {}

  evaluate(ctx: EvaluatorContext): Promise<Result> {
    const { system, template, scale } = this.judgePrompt;
    const prompt = renderJudgePrompt(template, {
      question: template.includes('{question}') ? questionText(ctx) : undefined,
      output: template.includes('{output}') ? asText(ctx.output) : undefined,
      contexts: template.includes('{contexts}') ? numberedContexts(contextsOf(ctx)) : undefined,
    });
    return askJudge(this.llm, ctx, { system, prompt, scale });
  }
}

/** Claims of the output supported by the contexts. */
export const ragFaithfulnessEvaluator = (llm: LlmGateway) => new RagJudgeEvaluator('rag_faithfulness', RAG_FAITHFULNESS_PROMPT, llm);
/** Contexts that bear on the question. */
export const ragContextRelevanceEvaluator = (llm: LlmGateway) => new RagJudgeEvaluator('rag_context_relevance', RAG_CONTEXT_RELEVANCE_PROMPT, llm);
/** The output answers the question. */
export const ragAnswerRelevanceEvaluator = (llm: LlmGateway) => new RagJudgeEvaluator('rag_answer_relevance', RAG_ANSWER_RELEVANCE_PROMPT, llm);
