import { type EvaluatorArgs, llm } from '@crucible/sdk';

/**
 * The task under test: what your application does for one test-set row. Here, one chat completion; the row's
 * columns (all but the expected answer) arrive as inputs.
 */
export async function answerCapitalQuestion(inputs: Record<string, unknown>): Promise<string> {
  const { content } = await llm.chat({
    model: 'gpt-4o-mini',
    temperature: 0,
    messages: [
      { role: 'system', content: 'Answer with the name of the country and its capital.' },
      { role: 'user', content: `What is the capital of ${String(inputs['country'])}?` },
    ],
  });
  return content;
}

/** A local evaluator: runs in the test process, its name is the metric's name in Crucible. */
export function mentionsTheCountry({ output, inputs }: EvaluatorArgs): boolean {
  return String(output).toLowerCase().includes(String(inputs['country']).toLowerCase());
}

/** A number works as well as a bool: here, how much shorter than 200 characters the answer is (0 to 1). */
export function brevity({ output }: EvaluatorArgs): number {
  return Math.max(0, 1 - String(output).length / 200);
}
