import { EvaluationFailure } from '../evaluator';
import { asText, excerpt, isPlainObject } from '../support/values';

/** The range a judge's score must fall in; every preset and RAG prompt states its own. */
export interface JudgeScale {
  min: number;
  max: number;
}

export interface JudgeVerdict {
  score: number;
  reasoning: string;
}

/** The JSON schema the judge answers through (the provider's structured output): `{score, reasoning}`. */
export function verdictSchema({ min, max }: JudgeScale): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      reasoning: { type: 'string', description: 'Why this score: the facts of the output that decided it, briefly.' },
      score: { type: 'number', minimum: min, maximum: max, description: `The score, from ${min} to ${max}.` },
    },
    required: ['reasoning', 'score'],
    additionalProperties: false,
  };
}

/**
 * The verdict, checked against the schema: a provider that ignores structured output (or a model that strays from
 * it) gives an error Result saying so, never a score guessed from the text.
 */
export function readVerdict(answer: unknown, scale: JudgeScale): JudgeVerdict {
  const offSchema = (why: string) => new EvaluationFailure(`The judge answered outside the schema (${why}): ${excerpt(asText(answer))}`);
  if (!isPlainObject(answer)) throw offSchema('not a JSON object');
  const { score, reasoning } = answer;
  if (typeof score !== 'number' || !Number.isFinite(score)) throw offSchema('score is not a number');
  if (score < scale.min || score > scale.max) throw offSchema(`score ${score} is outside ${scale.min} to ${scale.max}`);
  if (typeof reasoning !== 'string') throw offSchema('reasoning is not a string');
  return { score, reasoning };
}
