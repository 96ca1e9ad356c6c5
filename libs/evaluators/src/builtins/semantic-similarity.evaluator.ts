import { numberResult, type Result } from '@crucible/domain';
import type { LlmGateway } from '@crucible/application';
import { EvaluationFailure, type Evaluator, type EvaluatorContext } from '../evaluator';
import { asText, requireGroundTruth, throughPort } from '../support/values';
import { judgeTarget, withLlmRetries } from '../support/judge-target';

export function cosineSimilarity(a: number[], b: number[]): number {
  if (a.length === 0 || a.length !== b.length) {
    throw new EvaluationFailure(`The embeddings have unusable dimensions (${a.length} and ${b.length})`);
  }
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  if (normA === 0 || normB === 0) throw new EvaluationFailure('An embedding is all zeros, so no cosine similarity exists');
  return dot / Math.sqrt(normA * normB);
}

export class SemanticSimilarityEvaluator implements Evaluator {
  readonly key = 'auto_semantic_similarity';

  constructor(private readonly llm: LlmGateway) {}

  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    const expected = asText(requireGroundTruth(ctx));
    const { vectors, cost } = await throughPort('Embedding', () => withLlmRetries(ctx, () =>
      this.llm.embed({ ...judgeTarget(ctx), input: [asText(ctx.output), expected] })));
    if (cost !== null) ctx.onCost?.(cost);
    if (vectors.length !== 2) throw new EvaluationFailure(`The embedding model returned ${vectors.length} vectors for 2 texts`);
    return numberResult(cosineSimilarity(vectors[0], vectors[1]));
  }
}
