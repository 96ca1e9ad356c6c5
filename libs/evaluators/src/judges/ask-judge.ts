import { judgedResult, type Result } from '@crucible/domain';
import type { LlmGateway } from '@crucible/application';
import type { EvaluatorContext } from '../evaluator';
import { throughPort } from '../support/values';
import { judgeTarget, withLlmRetries } from '../support/judge-target';
import { type JudgeScale, readVerdict, verdictSchema } from './judge-verdict';

export interface JudgeQuestion {
  /** The judge's role and what it grades. */
  system: string;
  /** The case: the row's texts in tagged sections. */
  prompt: string;
  scale: JudgeScale;
}

/** One structured-output call to the configured judge; its score and reasoning become the Result. */
export async function askJudge(llm: LlmGateway, ctx: EvaluatorContext, question: JudgeQuestion): Promise<Result> {
  const reply = await throughPort('The judge LLM call', () => withLlmRetries(ctx, () =>
    llm.generate({
      ...judgeTarget(ctx),
      temperature: 0,
      messages: [
        { role: 'system', content: question.system },
        { role: 'user', content: question.prompt },
      ],
      responseFormat: { type: 'json_schema', name: 'verdict', schema: verdictSchema(question.scale) },
    })),
  );
  if (reply.cost !== null) ctx.onCost?.(reply.cost);
  const verdict = readVerdict(reply.json, question.scale);
  return judgedResult(verdict.score, verdict.reasoning);
}
