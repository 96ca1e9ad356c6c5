import { DomainError } from '../shared/domain-error';
import { type AnnotationQueue, assertAnswersRubric, checkedAnnotationQueue, checkedQueueTraceIds, itemRefused } from './annotation-queue';

const queue: AnnotationQueue = {
  id: 'q', projectId: 'p', name: 'support', description: null, scoreConfigIds: ['stars', 'tone'], createdAt: new Date(0), createdBy: 'k',
};

const violations = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as DomainError).violations.map((violation) => [violation.field, violation.reason]);
  }
  throw new Error('expected a refusal');
};

describe('annotation queues', () => {
  it('needs a name and 1–20 distinct score configs', () => {
    expect(checkedAnnotationQueue({ name: ' support ', scoreConfigIds: ['a', 'b'], description: '  ' }))
      .toEqual({ name: 'support', scoreConfigIds: ['a', 'b'], description: null });
    expect(violations(() => checkedAnnotationQueue({ name: '', scoreConfigIds: ['a'] }))).toEqual([[['name'], 'must not be empty']]);
    expect(violations(() => checkedAnnotationQueue({ name: 'q', scoreConfigIds: [] }))[0]![0]).toEqual(['score_config_ids']);
    expect(violations(() => checkedAnnotationQueue({ name: 'q', scoreConfigIds: ['a', 'b', 'a'] }))).toEqual([[['score_config_ids', 2], 'a is already in the list']]);
  });

  it('counts a trace named twice once, and takes 1–1000 per call', () => {
    expect(checkedQueueTraceIds(['t-1', 't-2', 't-1'])).toEqual(['t-1', 't-2']);
    expect(() => checkedQueueTraceIds([])).toThrow(DomainError);
    expect(() => checkedQueueTraceIds(Array.from({ length: 1001 }, (_, i) => `t-${i}`))).toThrow(/at most 1000/);
  });

  it('takes exactly one answer per config of the rubric', () => {
    expect(() => assertAnswersRubric(queue, [{ configId: 'tone', value: 1 }, { configId: 'stars', value: 3 }])).not.toThrow();
    expect(violations(() => assertAnswersRubric(queue, [{ configId: 'stars', value: 3 }])))
      .toEqual([[['scores'], 'the rubric also asks for score config tone']]);
    expect(violations(() => assertAnswersRubric(queue, [{ configId: 'stars', value: 3 }, { configId: 'stars', value: 4 }])))
      .toEqual([[['scores', 1, 'config_id'], 'score config stars is answered twice']]);
    expect(violations(() => assertAnswersRubric(queue, [{ configId: 'other', value: 1 }])))
      .toEqual([[['scores', 0, 'config_id'], 'score config other is not in the rubric of queue "support"']]);
  });

  it('says why an item was refused: missing, done by someone, or held by someone until when', () => {
    const item = {
      id: 'i', projectId: 'p', queueId: 'q', traceId: 't', status: 'pending' as const, heldBy: { id: 'b', name: 'bob' },
      heldUntil: new Date('2026-11-28T10:10:00.000Z'), completedBy: null, completedAt: null, createdAt: new Date(0),
    };
    expect(itemRefused('not_found', null, 'i')).toMatchObject({ code: 'not_found', message: 'annotation item i not found' });
    expect(itemRefused('held_by_other', item, 'i')).toMatchObject({ code: 'conflict', message: expect.stringContaining('held by bob until 2026-11-28T10:10:00.000Z') });
    expect(itemRefused('done', { ...item, status: 'done', completedBy: { id: 'a', name: 'alice' } }, 'i'))
      .toMatchObject({ code: 'conflict', message: 'annotation item i is already done (by alice)' });
  });
});
