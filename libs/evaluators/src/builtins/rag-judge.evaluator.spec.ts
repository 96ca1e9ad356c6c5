import type { Trace } from '@crucible/contracts';
import { anError, evaluatorFixture } from '../testing/evaluator-fixture';

/** The in-memory judge scores like tools/mock-llm (mockJudgeVerdict), so each fixed case has a known answer. */
describe('RAG evaluators', () => {
  const judged = (value: number, reasoning: RegExp) => ({ type: 'number', value, reasoning: expect.stringMatching(reasoning) });
  const contexts = JSON.stringify(['Paris is the capital of France.', 'The Seine flows through Paris.']);

  describe('rag_faithfulness', () => {
    const settings = { contexts_column: 'contexts' };

    it.each([
      ['Paris is the capital of France', 1],
      ['The Seine flows through Paris', 1],
      // 'is', 'the', 'of' and 'capital' are in the contexts; 'berlin' and 'germany' are not: 4 of 6.
      ['Berlin is the capital of Germany', 0.67],
      ['Lyon', 0],
    ])('output %p is supported by the contexts to %p', async (output, score) => {
      const { run } = evaluatorFixture();
      expect(await run('rag_faithfulness', { inputs: { question: 'Capital of France?', contexts }, output, settings })).toEqual(judged(score, /words of the output/));
    });

    it('shows the judge the numbered contexts and the output, not the question', async () => {
      const { run, llm } = evaluatorFixture();
      await run('rag_faithfulness', { inputs: { question: 'Capital of France?', contexts }, output: 'Paris', settings });
      const prompt = llm.requests[0].messages.at(-1)!.content;
      expect(prompt).toContain('<contexts>\n[1] Paris is the capital of France.\n[2] The Seine flows through Paris.\n</contexts>');
      expect(prompt).toContain('<output>\nParis\n</output>');
      expect(prompt).not.toContain('<question>');
    });

    it('reads a plain text cell as one passage, and names a missing column', async () => {
      const { run } = evaluatorFixture();
      expect(await run('rag_faithfulness', { inputs: { contexts: 'Oslo is in Norway' }, output: 'Oslo', settings })).toEqual(judged(1, /1 of 1/));
      expect(await run('rag_faithfulness', { inputs: {}, output: 'Oslo', settings })).toEqual(anError(/no value in the contexts column "contexts"/));
    });

    it("reads the contexts from the trace's retriever span by a span path", async () => {
      const { run, llm } = evaluatorFixture();
      const span = (name: string, start: string, outputs: unknown) => ({
        span_id: name + start, parent_span_id: 'root', name, kind: 'task' as const, status: 'ok' as const,
        start_time: start, end_time: start, latency_ms: 1, outputs,
      });
      const trace: Trace = {
        trace_id: 't1', latency_ms: 3, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 },
        spans: [
          span('retriever', '2026-01-01T00:00:02.000Z', { documents: [{ page_content: 'Vienna is in Austria', metadata: { id: 2 } }] }),
          span('retriever', '2026-01-01T00:00:01.000Z', { documents: [{ page_content: 'Paris is in France' }] }),
          span('llm', '2026-01-01T00:00:03.000Z', { text: 'unused' }),
        ],
      };
      const result = await run('rag_faithfulness', { output: 'Paris is in Austria', trace, settings: { contexts_path: 'retriever.outputs.documents' } });
      expect(result).toEqual(judged(1, /4 of 4/));
      expect(llm.requests[0].messages.at(-1)!.content).toContain('<contexts>\n[1] Paris is in France\n[2] Vienna is in Austria\n</contexts>');
      expect(await run('rag_faithfulness', { output: 'x', trace, settings: { contexts_path: 'search.outputs.documents' } }))
        .toEqual(anError(/no span named 'search' \(its spans: retriever, llm\)/));
      expect(await run('rag_faithfulness', { output: 'x', trace: null, settings: { contexts_path: 'retriever.outputs.documents' } }))
        .toEqual(anError(/recorded none/));
    });
  });

  it('rag_context_relevance: grades the contexts against the question', async () => {
    const { run, llm } = evaluatorFixture();
    const inputs = { question: 'Where does the Seine flow', contexts };
    // Words of the numbered contexts: 1, paris, is, the, capital, of, france, 2, seine, flows, through; 2 (the, seine) in the question.
    expect(await run('rag_context_relevance', { inputs, output: 'ignored', settings: { contexts_column: 'contexts' } })).toEqual(judged(0.18, /2 of 11 words of the contexts/));
    const prompt = llm.requests[0].messages.at(-1)!.content;
    expect(prompt).toContain('<question>\nquestion: Where does the Seine flow\n</question>');
    expect(prompt).not.toContain('<output>');
  });

  it('rag_answer_relevance: grades the output against the question (the question_column when set)', async () => {
    const { run } = evaluatorFixture();
    const inputs = { question: 'Where does the Seine flow', topic: 'rivers' };
    expect(await run('rag_answer_relevance', { inputs, output: 'The Seine flows through Paris', settings: { question_column: 'question' } })).toEqual(judged(0.4, /2 of 5/));
    expect(await run('rag_answer_relevance', { inputs, output: 'rivers', settings: {} })).toEqual(judged(1, /1 of 1/));
    expect(await run('rag_answer_relevance', { inputs, output: 'x', settings: { question_column: 'query' } })).toEqual(anError(/no column "query"/));
  });
});
