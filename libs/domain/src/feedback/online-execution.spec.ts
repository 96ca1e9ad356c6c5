import { type OnlineEvaluationRule, checkedOnlineEvaluation, samplingDraw, selfPauseReason } from './online-evaluation';
import { type TraceFacts, decideExecution, onlineScore, onlineScoreId } from './online-execution';

const rule = (overrides: Partial<OnlineEvaluationRule> = {}): OnlineEvaluationRule => ({
  id: 'rule-1', projectId: 'p', name: 'helpful', evaluatorConfigId: 'c', appId: 'app', environment: null, filter: {},
  samplingRate: 1, delaySeconds: 0, active: true, pausedReason: null, createdAt: new Date(0), updatedAt: new Date(0), createdBy: 'key', ...overrides,
});
const trace = (overrides: Partial<TraceFacts> = {}): TraceFacts => ({
  traceId: 't-1', appId: 'app', environment: 'production', route: '/chat', status: 'ok', model: 'gpt-4o-mini', ...overrides,
});

describe('online evaluation sampling', () => {
  it('draws the same number for the same rule and trace, and spreads draws evenly', () => {
    expect(samplingDraw('rule-1', 't-1')).toBe(samplingDraw('rule-1', 't-1'));
    expect(samplingDraw('rule-1', 't-1')).not.toBe(samplingDraw('rule-2', 't-1'));
    const draws = Array.from({ length: 10_000 }, (_, i) => samplingDraw('rule-1', `trace-${i}`));
    expect(draws.every((draw) => draw >= 0 && draw < 1)).toBe(true);
    const belowTenth = draws.filter((draw) => draw < 0.1).length;
    // Binomial(10 000, 0.1): 1000 ± 3.29·30 at 99.9 %.
    expect(belowTenth).toBeGreaterThanOrEqual(901);
    expect(belowTenth).toBeLessThanOrEqual(1099);
  });
});

describe('decideExecution', () => {
  it('says paused before anything else, then the first filter that fails, then the sample', () => {
    expect(decideExecution(rule({ active: false, environment: 'staging' }), trace())).toEqual({ status: 'skipped', reason: 'paused' });
    expect(decideExecution(rule({ environment: 'staging' }), trace())).toEqual({
      status: 'skipped', reason: 'filter did not match: environment is production, not staging',
    });
    expect(decideExecution(rule({ filter: { route: '/chat', model: 'gpt-4o' } }), trace())).toEqual({
      status: 'skipped', reason: 'filter did not match: model is gpt-4o-mini, not gpt-4o',
    });
    expect(decideExecution(rule({ filter: { status: 'error' } }), trace({ route: null }))).toEqual({
      status: 'skipped', reason: 'filter did not match: status is ok, not error',
    });
    expect(decideExecution(rule({ filter: { route: '/chat' } }), trace({ route: null }))).toEqual({
      status: 'skipped', reason: 'filter did not match: route is not set, not /chat',
    });
    expect(decideExecution(rule({ samplingRate: 0 }), trace())).toEqual({ status: 'skipped', reason: 'sampled out' });
    expect(decideExecution(rule({ environment: 'production', filter: { route: '/chat', status: 'ok' } }), trace())).toEqual({ status: 'pending', reason: null });
  });
});

describe('onlineScore', () => {
  const now = new Date(1);
  it('turns booleans, numbers and text into scores linked to the rule, with one id per rule and trace', () => {
    const made = onlineScore(rule(), 'says-answer', 't-1', { type: 'bool', value: true }, now);
    expect(made).toEqual({ score: expect.objectContaining({
      id: onlineScoreId('rule-1', 't-1'), traceId: 't-1', name: 'says-answer', dataType: 'boolean', value: 1, stringValue: 'true',
      source: 'online_evaluation', authorId: 'rule-1', author: 'helpful',
    }) });
    expect(onlineScore(rule(), 'n', 't-1', { type: 'number', value: 0.5, reasoning: 'half' }, now))
      .toEqual({ score: expect.objectContaining({ dataType: 'numeric', value: 0.5, comment: 'half' }) });
    expect(onlineScore(rule(), 'n', 't-1', { type: 'text', value: 'fine' }, now)).toEqual({ score: expect.objectContaining({ dataType: 'text', stringValue: 'fine' }) });
    expect(onlineScoreId('rule-1', 't-1')).not.toBe(onlineScoreId('rule-1', 't-2'));
  });

  it('answers the evaluator\'s error, or why a result is no score', () => {
    expect(onlineScore(rule(), 'n', 't', { type: 'error', error: { message: 'boom' } }, now)).toEqual({ error: 'boom' });
    expect(onlineScore(rule(), 'n', 't', { type: 'object', value: { a: 1 } }, now)).toEqual({ error: expect.stringContaining('object result, which is no score') });
  });
});

describe('checkedOnlineEvaluation', () => {
  const input = { name: ' r ', evaluatorConfigId: 'c', appId: 'a', samplingRate: 0.5 };
  it('trims, drops empty filter fields and defaults the delay to 0', () => {
    expect(checkedOnlineEvaluation({ ...input, environment: ' ', filter: { route: ' ', model: 'm' } })).toEqual({
      name: 'r', evaluatorConfigId: 'c', appId: 'a', environment: null, filter: { model: 'm' }, samplingRate: 0.5, delaySeconds: 0,
    });
  });
  it('refuses a rate outside 0–1 and a delay that is negative, fractional or over a day, naming the field', () => {
    for (const [bad, field] of [[{ samplingRate: 2 }, 'sampling_rate'], [{ samplingRate: Number.NaN }, 'sampling_rate'],
      [{ delaySeconds: 1.5 }, 'delay_seconds'], [{ delaySeconds: 86_401 }, 'delay_seconds'], [{ name: '' }, 'name']] as const) {
      expect(() => checkedOnlineEvaluation({ ...input, ...bad })).toThrow(expect.objectContaining({ violations: [expect.objectContaining({ field: [field] })] }));
    }
  });
});

describe('selfPauseReason', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 10, 0, seconds));
  const streak = (first: number, last: number) => ({ firstErrorAt: at(first), lastErrorAt: at(last), lastError: 'evaluator error: needs a ground truth' });

  it('pauses once the first error of an unbroken run of errors is the whole window before the latest', () => {
    expect(selfPauseReason(streak(0, 300), 300_000, at(301))).toBe(
      'paused by itself at 2026-11-28T10:05:01.000Z: every evaluation failed for 5 minutes; last error: evaluator error: needs a ground truth',
    );
    expect(selfPauseReason(streak(0, 2), 2000, at(2))).toMatch(/every evaluation failed for 2 seconds; last error: /);
  });

  it('waits while the errors span less than the window, and without errors', () => {
    expect(selfPauseReason(streak(0, 299), 300_000, at(400))).toBeNull();
    expect(selfPauseReason(null, 300_000, at(400))).toBeNull();
  });
});
