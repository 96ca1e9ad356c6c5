import type { OnlineEvaluation } from '@crucible/client';
import { samplingText, scopeText } from './rule-text';

const rule = (overrides: Partial<OnlineEvaluation>): OnlineEvaluation => ({
  id: 'r', name: 'helpful', evaluator_config_id: 'c', app_id: 'a', environment: null, filter: {}, sampling_rate: 1, delay_seconds: 0,
  active: true, paused_reason: null, created_at: '2026-11-28T10:00:00.000Z', updated_at: '2026-11-28T10:00:00.000Z', created_by: 'key',
  executions: { pending: 0, completed: 0, error: 0, skipped: 0 }, ...overrides,
});

describe('rule text', () => {
  it('writes the sampling rate as a percentage without floating-point noise', () => {
    expect(samplingText(1)).toBe('100 %');
    expect(samplingText(0.1)).toBe('10 %');
    expect(samplingText(0.07)).toBe('7 %');
    expect(samplingText(0.0005)).toBe('0.05 %');
    expect(samplingText(0)).toBe('0 %');
  });

  it('says what the rule looks at beyond its app, every environment when it names none', () => {
    expect(scopeText(rule({}))).toBe('every environment');
    expect(scopeText(rule({ environment: 'staging', filter: { route: '/chat', status: 'error', model: 'gpt-4o-mini' } })))
      .toBe('environment staging · route /chat · status error · model gpt-4o-mini');
  });
});
