import type { FailureStreak, OnlineEvaluationRule } from '@crucible/domain';
import type { EvaluatorService } from '../../evaluators/ports/evaluator-service.port';
import type { EvaluatorConfigRepository } from '../../evaluators/ports/evaluator-config-repository.port';
import type { TraceRepository } from '../../traces/ports/trace.repository.port';
import type { ClaimedExecution, ExecutionOutcome, OnlineEvaluationRepository } from '../ports';
import { RunDueOnlineExecutionsUseCase } from './run-due-online-executions.use-case';

const T0 = new Date('2026-01-01T00:00:00Z');
const WINDOW_MS = 300_000;

const ruleNamed = (id: string, active: boolean): OnlineEvaluationRule => ({
  id, projectId: 'p', name: id, evaluatorConfigId: `config-of-${id}`, appId: 'app', environment: null, filter: {}, samplingRate: 1,
  delaySeconds: 0, active, pausedReason: active ? null : 'paused by key', createdAt: T0, updatedAt: T0, createdBy: 'key',
});

/**
 * A round of claims whose rules name evaluator configs that are gone, so each execution ends in an error without an
 * evaluator; every call the round makes on the repository, in order.
 */
function round(claims: ClaimedExecution[], rules: OnlineEvaluationRule[], streakMs: number) {
  const calls: string[] = [];
  const paused: Array<{ ruleId: string; reason: string }> = [];
  const repository = {
    claimDue: async () => claims,
    findById: async (_projectId: string, id: string) => {
      calls.push(`findById ${id}`);
      return rules.find((rule) => rule.id === id) ?? null;
    },
    finish: async (outcomes: ExecutionOutcome[]) => void calls.push(`finish ${outcomes.map(({ claim }) => claim.traceId).join(',')}`),
    failureStreak: async (_projectId: string, ruleId: string, since: Date): Promise<FailureStreak | null> => {
      calls.push(`failureStreak ${ruleId} since ${since.toISOString()}`);
      return { firstErrorAt: T0, lastErrorAt: new Date(T0.getTime() + streakMs), lastError: 'evaluator error: no' };
    },
    pauseItself: async (_projectId: string, ruleId: string, reason: string) => {
      calls.push(`pauseItself ${ruleId}`);
      paused.push({ ruleId, reason });
      return true;
    },
  } as unknown as OnlineEvaluationRepository;
  const configs = { findByIds: async () => [] } as unknown as EvaluatorConfigRepository;
  const useCase = new RunDueOnlineExecutionsUseCase(repository, configs, {} as TraceRepository, {} as EvaluatorService, { selfPauseAfterMs: WINDOW_MS });
  return { useCase, calls, paused };
}

const claim = (ruleId: string, traceId: string): ClaimedExecution => ({ projectId: 'p', ruleId, traceId });

describe('a round of due online executions', () => {
  it('writes the round\'s outcomes, then looks once at each rule that failed in it, pausing one that failed for the window', async () => {
    const claims = [claim('failing', 't1'), claim('failing', 't2'), claim('gone', 't3'), claim('failing', 't4'), claim('paused', 't5')];
    const { useCase, calls, paused } = round(claims, [ruleNamed('failing', true), ruleNamed('paused', false)], WINDOW_MS);

    expect(await useCase.execute(T0)).toBe(5);

    // Every outcome written (in one statement, or one per second in a long round) before any rule is looked at.
    const writes = calls.filter((call) => call.startsWith('finish'));
    expect(writes.flatMap((call) => call.slice('finish '.length).split(',')).sort()).toEqual(['t1', 't2', 't3', 't4', 't5']);
    const written = calls.lastIndexOf(writes.at(-1)!);
    // After the write: each failing rule read again once (it may have been paused meanwhile), and only an active one's errors looked at.
    // (The rules in the order their first error came, which concurrent evaluations do not fix.)
    const after = calls.slice(written + 1);
    expect([...after].sort()).toEqual([
      'failureStreak failing since 2026-01-01T00:00:00.000Z', 'findById failing', 'findById gone', 'findById paused', 'pauseItself failing',
    ]);
    expect(after.indexOf('findById failing')).toBe(after.indexOf(`failureStreak failing since ${T0.toISOString()}`) - 1);
    expect(after.indexOf('pauseItself failing')).toBe(after.indexOf(`failureStreak failing since ${T0.toISOString()}`) + 1);
    expect(paused).toEqual([{ ruleId: 'failing', reason: expect.stringMatching(/^paused by itself at .*: every evaluation failed for 5 minutes; last error: evaluator error: no$/) }]);
  });

  it('leaves a rule active while its errors span less than the window', async () => {
    const { useCase, calls, paused } = round([claim('failing', 't1'), claim('failing', 't2')], [ruleNamed('failing', true)], WINDOW_MS - 1);
    expect(await useCase.execute(T0)).toBe(2);
    expect(calls.filter((call) => call.startsWith('failureStreak'))).toHaveLength(1);
    expect(paused).toEqual([]);
  });

  it('does nothing when nothing is due', async () => {
    const { useCase, calls } = round([], [], WINDOW_MS);
    expect(await useCase.execute(T0)).toBe(0);
    expect(calls).toEqual([]);
  });
});
