import type { Evaluation, EvaluationScenario, EvaluatorConfig } from '@crucible/domain';
import {
  EvaluationOrmEntity, EvaluationScenarioOrmEntity, EvaluatorConfigOrmEntity, type StoredEvaluatorConfig,
} from '../entities/evaluation.orm-entity';

export const evaluatorConfigMapper = {
  toDomain: (row: EvaluatorConfigOrmEntity): EvaluatorConfig => ({
    id: row.id, projectId: row.projectId, appId: row.appId, name: row.name, evaluatorKey: row.evaluatorKey,
    settingsValues: row.settingsValues, createdAt: row.createdAt, updatedAt: row.updatedAt,
  }),
  toOrm: (config: EvaluatorConfig): EvaluatorConfigOrmEntity => Object.assign(new EvaluatorConfigOrmEntity(), config),
  toStored: (config: EvaluatorConfig): StoredEvaluatorConfig => ({
    ...config, createdAt: config.createdAt.toISOString(), updatedAt: config.updatedAt.toISOString(),
  }),
  fromStored: (stored: StoredEvaluatorConfig): EvaluatorConfig => ({
    ...stored, createdAt: new Date(stored.createdAt), updatedAt: new Date(stored.updatedAt),
  }),
};

export const evaluationMapper = {
  toDomain: (row: EvaluationOrmEntity): Evaluation => ({
    id: row.id, projectId: row.projectId, appId: row.appId, variantId: row.variantId, variantName: row.variantName,
    variantRevisionId: row.variantRevisionId, revision: row.revision, parameters: row.parameters,
    invocationUrl: row.invocationUrl, testsetId: row.testsetId, testsetName: row.testsetName,
    evaluatorConfigs: row.evaluatorConfigs.map(evaluatorConfigMapper.fromStored),
    correctAnswerColumn: row.correctAnswerColumn, rateLimit: row.rateLimit, status: row.status,
    statusError: row.statusError, progressDone: row.progressDone, progressTotal: row.progressTotal,
    progressFailedRows: row.progressFailedRows, progressEvaluatorErrors: row.progressEvaluatorErrors,
    aggregatedResults: row.aggregatedResults, averageCost: row.averageCost, totalCost: row.totalCost,
    averageLatency: row.averageLatency, createdAt: row.createdAt, updatedAt: row.updatedAt,
  }),
  toOrm: (evaluation: Evaluation): EvaluationOrmEntity => Object.assign(new EvaluationOrmEntity(), {
    ...evaluation, evaluatorConfigs: evaluation.evaluatorConfigs.map(evaluatorConfigMapper.toStored),
  }),
};

export const evaluationScenarioMapper = {
  toDomain: (row: EvaluationScenarioOrmEntity): EvaluationScenario => ({
    id: row.id, projectId: row.projectId, evaluationId: row.evaluationId, rowIndex: row.rowIndex, inputs: row.inputs,
    output: row.output ?? null, correctAnswer: row.correctAnswer ?? null, results: row.results, latency: row.latency,
    cost: row.cost, error: row.error, traceId: row.traceId ?? null, createdAt: row.createdAt,
  }),
};
