/**
 * What the mock LLMs (tools/mock-llm and InMemoryLlmGateway) answer a judge: a request for JSON whose schema has a
 * numeric `score` with a `minimum` and `maximum`, and whose prompt has tagged sections. The score measures how much
 * of the graded text the reference holds, so a test knows the answer without a model:
 *   graded    = the `<output>` section, else the `<contexts>` section;
 *   reference = the `<expected>` section, else `<contexts>` (when it is not the graded one), else `<question>`;
 *   score     = minimum + (maximum − minimum) × (share of the graded text's distinct words found in the reference),
 *               rounded to 2 decimals.
 * Undefined when the request is not such a judge call.
 */
export function mockJudgeVerdict(prompt: string, schema: Record<string, unknown>): { score: number; reasoning: string } | undefined {
  const score = (schema['properties'] as Record<string, Record<string, unknown>> | undefined)?.['score'];
  const { minimum, maximum } = score ?? {};
  if (typeof minimum !== 'number' || typeof maximum !== 'number') return undefined;
  const output = section(prompt, 'output');
  const contexts = section(prompt, 'contexts');
  const graded = output ?? contexts;
  const reference = section(prompt, 'expected') ?? (output !== undefined ? contexts : undefined) ?? section(prompt, 'question');
  if (graded === undefined || reference === undefined) return undefined;
  const gradedWords = [...new Set(wordsOf(graded))];
  const known = new Set(wordsOf(reference));
  const found = gradedWords.filter((word) => known.has(word)).length;
  const share = gradedWords.length === 0 ? 0 : found / gradedWords.length;
  return {
    score: Math.round((minimum + (maximum - minimum) * share) * 100) / 100,
    reasoning: `${found} of ${gradedWords.length} words of the ${output !== undefined ? 'output' : 'contexts'} appear in the reference.`,
  };
}

function section(prompt: string, tag: string): string | undefined {
  return new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(prompt)?.[1];
}

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
