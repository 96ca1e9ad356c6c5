import { instrument, llm } from '@crucible/sdk';
import { fillTemplate } from '../completion-app/prompt-template';
import { RetrieveConfig, SummarizeConfig } from './rag-configs';

export interface ScoredDocument {
  text: string;
  score: number;
}

export const embedTexts = instrument(
  'embed_texts',
  async (texts: string[], model: string, lowercase = false): Promise<number[][]> =>
    (await llm.embed({ model, input: texts.map((text) => (lowercase ? text.toLowerCase() : text)) })).embeddings,
);

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  a.forEach((value, i) => {
    dot += value * b[i];
    na += value * value;
    nb += b[i] * b[i];
  });
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export const rank = instrument(
  'rank',
  (query: number[], documents: { text: string; vector: number[] }[], topK: number, minScore: number): ScoredDocument[] =>
    documents
      .map((document) => ({ text: document.text, score: cosine(query, document.vector) }))
      .filter((document) => document.score >= minScore)
      .sort((a, b) => b.score - a.score)
      .slice(0, topK),
);

export const retrieve = instrument('retrieve', async (query: string, documents: readonly string[], config: RetrieveConfig) => {
  const [queryVector, ...documentVectors] = await embedTexts([query, ...documents], config.embedding_model);
  return rank(
    queryVector,
    documents.map((text, i) => ({ text, vector: documentVectors[i] })),
    config.top_k,
    config.min_score,
  );
});

export const summarize = instrument('summarize', async (query: string, sources: ScoredDocument[], config: SummarizeConfig) => {
  const context = sources.map((source, i) => `[${i + 1}] ${source.text}`).join('\n');
  const prompt = fillTemplate(config.prompt_template, { context, query });
  const result = await llm.chat({
    model: config.model,
    messages: [{ role: 'user', content: prompt }],
    temperature: config.temperature,
    max_tokens: config.max_tokens,
  });
  return result.content;
});
