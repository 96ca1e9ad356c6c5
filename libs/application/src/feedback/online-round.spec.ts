import type { ExecutionOutcome, OnlineEvaluationRepository } from './ports';
import { OutcomeWriter, eachAtMost } from './online-round';

const outcome = (traceId: string): ExecutionOutcome => ({ claim: { projectId: 'p', ruleId: 'r', traceId }, error: 'evaluator error: no' });

function recordingRules(): { rules: OnlineEvaluationRepository; writes: string[][] } {
  const writes: string[][] = [];
  const rules = { finish: async (outcomes: ExecutionOutcome[]) => void writes.push(outcomes.map(({ claim }) => claim.traceId)) };
  return { rules: rules as unknown as OnlineEvaluationRepository, writes };
}

describe('a round of online evaluations', () => {
  it('writes a short round\'s outcomes in one go, at its end', async () => {
    const { rules, writes } = recordingRules();
    const writer = new OutcomeWriter(rules, 60_000);
    for (const traceId of ['a', 'b', 'c']) await writer.add(outcome(traceId));
    expect(writes).toEqual([]);
    await writer.flush();
    await writer.flush();
    expect(writes).toEqual([['a', 'b', 'c']]);
  });

  it('writes what a long round has so far each time the interval passed, so a kill loses little', async () => {
    const { rules, writes } = recordingRules();
    const writer = new OutcomeWriter(rules, 0);
    await writer.add(outcome('a'));
    await writer.add(outcome('b'));
    await writer.flush();
    expect(writes).toEqual([['a'], ['b']]);
  });

  it('runs every item, never more than the limit at once, answering in the items\' order', async () => {
    let running = 0;
    let most = 0;
    const doubled = await eachAtMost([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      most = Math.max(most, (running += 1));
      await new Promise((resolve) => setTimeout(resolve, 8 - n));
      running -= 1;
      return n * 2;
    });
    expect(doubled).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(most).toBe(3);
  });
});
