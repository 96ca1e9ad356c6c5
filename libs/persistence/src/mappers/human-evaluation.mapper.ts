import type { HumanEvaluation, HumanEvaluationScenario } from '@crucible/domain';
import { HumanEvaluationOrmEntity, HumanEvaluationScenarioOrmEntity } from '../entities/human-evaluation.orm-entity';

export const humanEvaluationMapper = {
  toDomain: (row: HumanEvaluationOrmEntity): HumanEvaluation => ({
    id: row.id, projectId: row.projectId, appId: row.appId, evaluationType: row.evaluationType, variants: row.variants,
    testsetId: row.testsetId, testsetName: row.testsetName, inputColumns: row.inputColumns,
    correctAnswerColumn: row.correctAnswerColumn, status: row.status, statusError: row.statusError,
    progressDone: row.progressDone, progressTotal: row.progressTotal, createdAt: row.createdAt, updatedAt: row.updatedAt,
  }),
  toOrm: (evaluation: HumanEvaluation): HumanEvaluationOrmEntity => Object.assign(new HumanEvaluationOrmEntity(), evaluation),
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
  correct_answer: string | null;
  is_pinned: boolean;
  note: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const humanEvaluationScenarioMapper = {
  toDomain: (row: HumanEvaluationScenarioOrmEntity): HumanEvaluationScenario => ({
    id: row.id, projectId: row.projectId, evaluationId: row.evaluationId, rowIndex: row.rowIndex, inputs: row.inputs,
    outputs: row.outputs, vote: row.vote, score: row.score, correctAnswer: row.correctAnswer, isPinned: row.isPinned,
    note: row.note, createdAt: row.createdAt, updatedAt: row.updatedAt,
  }),
  fromRaw: (row: HumanEvaluationScenarioRow): HumanEvaluationScenario => ({
    id: row.id, projectId: row.project_id, evaluationId: row.human_evaluation_id, rowIndex: row.row_index,
    inputs: row.inputs, outputs: row.outputs, vote: row.vote, score: row.score, correctAnswer: row.correct_answer,
    isPinned: row.is_pinned, note: row.note, createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at),
  }),
};
