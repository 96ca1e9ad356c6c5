import type { HumanEvaluation, HumanEvaluationScenario, MetricScore } from '@crucible/domain';
import type { HumanEvaluationOrmEntity, HumanEvaluationScenarioOrmEntity } from '../entities/human-evaluation.orm-entity';
import { pick } from './pick';

const humanEvaluationKeys: Array<keyof HumanEvaluation> = [
  'id', 'projectId', 'appId', 'evaluationType', 'variants', 'testsetId', 'testsetName', 'testsetVersion', 'inputColumns', 'metrics', 'correctAnswerColumn',
  'status', 'statusError', 'progressDone', 'progressTotal', 'createdAt', 'updatedAt',
];
const scenarioKeys: Array<keyof Omit<HumanEvaluationScenario, 'metricScores'>> = [
  'id', 'projectId', 'evaluationId', 'rowIndex', 'inputs', 'outputs', 'vote', 'score', 'correctAnswer', 'isPinned', 'note',
  'modifiedBy', 'modifiedById', 'createdAt', 'updatedAt',
];

/** Stored with null fields stripped (one merge statement per judgment); each judgment reads back whole. */
const metricScoresOf = (stored: Record<string, Partial<MetricScore>> | null): Record<string, MetricScore> =>
  Object.fromEntries(Object.entries(stored ?? {}).map(([configId, score]) => [
    configId, { value: score.value ?? null, stringValue: score.stringValue ?? null },
  ]));

export const humanEvaluationMapper = {
  toDomain: (row: HumanEvaluationOrmEntity): HumanEvaluation => pick<HumanEvaluation>(row, humanEvaluationKeys),
  toOrm: (evaluation: HumanEvaluation): HumanEvaluationOrmEntity => pick(evaluation, humanEvaluationKeys),
};

/** Raw rows (RETURNING *) carry snake_case columns; entity rows carry camelCase properties. */
export interface HumanEvaluationScenarioRow {
  id: string;
  project_id: string;
  human_evaluation_id: string;
  row_index: number;
  inputs: HumanEvaluationScenario['inputs'];
  outputs: HumanEvaluationScenario['outputs'];
  vote: string | null;
  score: number | null;
  metric_scores: Record<string, Partial<MetricScore>> | null;
  correct_answer: string | null;
  is_pinned: boolean;
  note: string | null;
  modified_by: string | null;
  modified_by_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const humanEvaluationScenarioMapper = {
  toDomain: (row: HumanEvaluationScenarioOrmEntity): HumanEvaluationScenario => ({
    ...pick<Omit<HumanEvaluationScenario, 'metricScores'>>(row, scenarioKeys), metricScores: metricScoresOf(row.metricScores),
  }),
  fromRow: (row: HumanEvaluationScenarioRow): HumanEvaluationScenario => ({
    id: row.id, projectId: row.project_id, evaluationId: row.human_evaluation_id, rowIndex: row.row_index,
    inputs: row.inputs, outputs: row.outputs, vote: row.vote, score: row.score, metricScores: metricScoresOf(row.metric_scores),
    correctAnswer: row.correct_answer,
    isPinned: row.is_pinned, note: row.note, modifiedBy: row.modified_by, modifiedById: row.modified_by_id, createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at),
  }),
};
