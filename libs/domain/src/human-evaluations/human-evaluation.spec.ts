import {
  type HumanEvaluation, type HumanEvaluationScenario, type HumanEvaluationType, type HumanEvaluationVariant,
  displayValue, humanEvaluationStatuses, isTerminalHumanStatus,
} from './human-evaluation';
import { checkHumanEvaluationSetup } from './human-evaluation-setup';
import { checkJudgment, tallyAbTest, tallySingleModel } from './judgment';
import { humanEvaluationTable } from './export-table';

const variant = (variantId: string, revisionId: string, name: string, revision = 1): HumanEvaluationVariant => ({
  variantId, variantName: name, variantRevisionId: revisionId, revision, parameters: {}, invocationUrl: 'http://svc/playground/run',
});

const evaluationOf = (evaluationType: HumanEvaluationType, variants: HumanEvaluationVariant[]): HumanEvaluation => ({
  id: 'e', projectId: 'p', appId: 'a', evaluationType, variants, testsetId: 't', testsetName: 'ts', testsetVersion: 1, inputColumns: ['question'],
  metrics: [],
  correctAnswerColumn: null, status: 'EVALUATION_READY', statusError: null, progressDone: 0, progressTotal: 0,
  createdAt: new Date(), updatedAt: new Date(),
});

const scenario = (judgment: Partial<Pick<HumanEvaluationScenario, 'vote' | 'score'>>): HumanEvaluationScenario => ({
  id: 's', projectId: 'p', evaluationId: 'e', rowIndex: 0, inputs: [{ name: 'question', value: 'q' }], outputs: [],
  vote: null, score: null, metricScores: {}, correctAnswer: null, isPinned: false, note: null, modifiedBy: null, modifiedById: null, createdAt: new Date(), updatedAt: new Date(),
  ...judgment,
});

const twoVariants = evaluationOf('human_a_b_testing', [variant('va', 'ra', 'concise'), variant('vb', 'rb', 'creative')]);
const twoRevisions = evaluationOf('human_a_b_testing', [variant('v', 'r1', 'main', 1), variant('v', 'r2', 'main', 2)]);
const single = evaluationOf('single_model_test', [variant('va', 'ra', 'concise')]);

describe('human evaluations (domain rules)', () => {
  describe('status machine', () => {
    it('moves INITIALIZED → STARTED → READY | FAILED and never leaves a terminal state', () => {
      expect(() => humanEvaluationStatuses.assertMove('EVALUATION_INITIALIZED', 'EVALUATION_STARTED')).not.toThrow();
      expect(() => humanEvaluationStatuses.assertMove('EVALUATION_STARTED', 'EVALUATION_READY')).not.toThrow();
      expect(() => humanEvaluationStatuses.assertMove('EVALUATION_INITIALIZED', 'EVALUATION_READY')).toThrow(/cannot move/);
      expect(() => humanEvaluationStatuses.assertMove('EVALUATION_READY', 'EVALUATION_FAILED')).toThrow(/cannot move/);
      expect(isTerminalHumanStatus('EVALUATION_READY')).toBe(true);
      expect(() => humanEvaluationStatuses.assertMove('EVALUATION_READY', 'EVALUATION_FINISHED')).not.toThrow();
      expect(() => humanEvaluationStatuses.assertMove('EVALUATION_FAILED', 'EVALUATION_FINISHED')).toThrow(/cannot move/);
      expect(humanEvaluationStatuses.movableFrom('EVALUATION_FAILED').sort()).toEqual(['EVALUATION_INITIALIZED', 'EVALUATION_STARTED']);
    });
  });

  describe('checkHumanEvaluationSetup', () => {
    const columns = ['question', 'context', 'correct_answer'];
    it('wants two different revisions for A/B and one for single-model', () => {
      const check = (evaluationType: HumanEvaluationType, revisionIds: string[]) =>
        checkHumanEvaluationSetup({ evaluationType, revisionIds, testsetColumns: columns });
      expect(check('human_a_b_testing', ['r1', 'r2']).ok).toBe(true);
      expect(check('single_model_test', ['r1']).ok).toBe(true);
      for (const [type, ids] of [['human_a_b_testing', ['r1']], ['human_a_b_testing', ['r1', 'r1']], ['single_model_test', ['r1', 'r2']]] as const) {
        expect(check(type, [...ids])).toMatchObject({ ok: false, violations: [{ field: ['revisions_ids'], rule: 'invalid_value' }] });
      }
    });

    it('defaults the inputs to every column but the correct answer, and checks chosen columns exist', () => {
      expect(checkHumanEvaluationSetup({ evaluationType: 'single_model_test', revisionIds: ['r'], testsetColumns: columns }))
        .toEqual({ ok: true, setup: { inputColumns: ['question', 'context'], groundTruthColumn: 'correct_answer' } });
      expect(checkHumanEvaluationSetup({
        evaluationType: 'single_model_test', revisionIds: ['r'], testsetColumns: columns, correctAnswerColumn: 'context', inputColumns: ['question'],
      })).toEqual({ ok: true, setup: { inputColumns: ['question'], groundTruthColumn: 'context' } });
      const bad = checkHumanEvaluationSetup({
        evaluationType: 'single_model_test', revisionIds: ['r'], testsetColumns: columns, correctAnswerColumn: 'nope', inputColumns: ['question', 'x'],
      });
      expect(bad).toMatchObject({ ok: false, violations: [{ field: ['correct_answer_column'] }, { field: ['inputs', 1] }] });
    });
  });

  describe('checkJudgment', () => {
    it('takes a vote for either side, both good or both bad in an A/B test', () => {
      for (const vote of ['va', 'vb', 'ra', 'rb', '1', '0']) expect(checkJudgment(twoVariants, { vote })).toEqual({ violations: [], vote });
      expect(checkJudgment(twoVariants, { vote: null })).toEqual({ violations: [], vote: null });
      expect(checkJudgment(twoVariants, { vote: 'vc' }).violations).toEqual([expect.objectContaining({ field: ['vote'], rule: 'not_a_choice' })]);
      expect(checkJudgment(twoVariants, { vote: 1 }).violations).toEqual([expect.objectContaining({ field: ['vote'], rule: 'not_text' })]);
      expect(checkJudgment(twoVariants, { vote: '2' }).violations).toHaveLength(1);
    });

    it('asks for a revision id when both sides are revisions of one variant', () => {
      expect(checkJudgment(twoRevisions, { vote: 'r2' })).toEqual({ violations: [], vote: 'r2' });
      const ambiguous = checkJudgment(twoRevisions, { vote: 'v' });
      expect(ambiguous.violations).toEqual([expect.objectContaining({ field: ['vote'], reason: expect.stringContaining('variant_revision_id') })]);
    });

    it('refuses a score in an A/B test and a vote in a single-model test', () => {
      expect(checkJudgment(twoVariants, { score: 3 }).violations).toEqual([expect.objectContaining({ field: ['score'], rule: 'invalid_value' })]);
      expect(checkJudgment(single, { vote: 'va' }).violations).toEqual([expect.objectContaining({ field: ['vote'], rule: 'invalid_value' })]);
    });

    it('takes an integer score 1-5, as a number or a string', () => {
      expect(checkJudgment(single, { score: 4 })).toEqual({ violations: [], score: 4 });
      expect(checkJudgment(single, { score: '5' })).toEqual({ violations: [], score: 5 });
      expect(checkJudgment(single, { score: null })).toEqual({ violations: [], score: null });
      const ruleOf = (score: unknown) => checkJudgment(single, { score }).violations.map((v) => v.rule);
      expect(ruleOf(0)).toEqual(['below_minimum']);
      expect(ruleOf('6')).toEqual(['above_maximum']);
      expect(ruleOf(2.5)).toEqual(['not_integer']);
      expect(ruleOf('four')).toEqual(['unparsable_integer']);
      expect(ruleOf(true)).toEqual(['not_integer']);
    });
  });

  describe('results', () => {
    it('tallies A/B votes with percentages of the judged rows', () => {
      const votes = ['va', 'rb', 'va', '1', '0', null, 'vb'];
      const results = tallyAbTest(twoVariants, votes.map((vote) => scenario({ vote })));
      expect(results).toMatchObject({ bothGood: 1, bothBad: 1, judged: 6, total: 7 });
      expect(results.variants.map((v) => [v.variant.variantId, v.votes, v.percentage])).toEqual([['va', 2, 33.33], ['vb', 2, 33.33]]);
      expect(tallyAbTest(twoVariants, [scenario({})]).variants.map((v) => v.percentage)).toEqual([0, 0]);
    });

    it('counts scores and averages the given ones', () => {
      expect(tallySingleModel([5, 4, 4, null, 1].map((score) => scenario({ score })))).toEqual({
        scores: { 1: 1, 2: 0, 3: 0, 4: 2, 5: 1 }, mean: 3.5, judged: 4, total: 5,
      });
      expect(tallySingleModel([scenario({})]).mean).toBeNull();
    });
  });

  describe('humanEvaluationTable', () => {
    it('has a column per input, per variant output (named apart when names collide) and per judgment field', () => {
      const row = {
        ...scenario({ vote: 'r1' }),
        inputs: [{ name: 'question', value: { nested: 1 } }],
        outputs: [
          { variantId: 'v', variantRevisionId: 'r1', output: 'a', error: null },
          { variantId: 'v', variantRevisionId: 'r2', output: null, error: { message: 'boom' } },
        ],
      };
      expect(humanEvaluationTable(twoRevisions, [row])).toEqual({
        columns: ['question', 'main v1', 'main v2', 'vote', 'score', 'correct_answer', 'is_pinned', 'note'],
        records: [{
          question: '{"nested":1}', 'main v1': 'a', 'main v2': '', vote: 'r1', score: null, correct_answer: null, is_pinned: false, note: null,
        }],
      });
      const clash = { ...single, inputColumns: ['concise', 'vote'] };
      expect(humanEvaluationTable(clash, []).columns).toEqual(['concise', 'vote (2)', 'concise (2)', 'vote', 'score', 'correct_answer', 'is_pinned', 'note']);
    });

    it('adds a column per score config after the judgment: its number, or its text', () => {
      const metrics = [
        { id: 'c', name: 'correctness', dataType: 'numeric' as const, min: 1, max: 5, categories: null },
        { id: 'n', name: 'note', dataType: 'text' as const, min: null, max: null, categories: null },
      ];
      const row = { ...scenario({}), metricScores: { c: { value: 4, stringValue: null }, n: { value: null, stringValue: 'fine' } } };
      const table = humanEvaluationTable({ ...single, metrics }, [row, scenario({})]);
      expect(table.columns.slice(-2)).toEqual(['correctness', 'note (2)']);
      expect(table.records.map((r) => [r['correctness'], r['note (2)']])).toEqual([[4, 'fine'], [null, null]]);
    });

    it('shows non-string values JSON-encoded', () => {
      expect([displayValue('x'), displayValue(3), displayValue(false), displayValue(null), displayValue([1])]).toEqual(['x', '3', 'false', '', '[1]']);
    });
  });
});
