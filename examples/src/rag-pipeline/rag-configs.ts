import { Field, MCField } from '@crucible/sdk';
import { supportedEmbeddingModels, supportedLlmModels } from '@crucible/sdk/assets';

export class EmbedConfig {
  @MCField({ default: 'text-embedding-3-small', choices: supportedEmbeddingModels })
  embedding_model!: string;

  @Field({ default: true, description: 'Lower-case texts before embedding' })
  lowercase!: boolean;
}

export class RetrieveConfig {
  @MCField({ default: 'text-embedding-3-small', choices: supportedEmbeddingModels })
  embedding_model!: string;

  @Field({ default: 2, ge: 1, le: 10, type: 'int' })
  top_k!: number;

  @Field({ default: 0, ge: 0, le: 1, description: 'Drop documents whose cosine similarity is below this' })
  min_score!: number;
}

export class SummarizeConfig extends RetrieveConfig {
  @MCField({ default: 'gpt-4o-mini', choices: supportedLlmModels })
  model!: string;

  @Field({ default: 'Use the context to answer the question.\n\nContext:\n{context}\n\nQuestion: {query}' })
  prompt_template!: string;

  @Field({ default: 0.2, ge: 0, le: 2 })
  temperature!: number;

  @Field({ default: 300, ge: 1, le: 4000, type: 'int' })
  max_tokens!: number;
}
