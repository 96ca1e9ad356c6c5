import type { Evaluation, EvaluationScenario, EvaluatorConfig } from '@crucible/domain';
import type {
  EvaluationOrmEntity, EvaluationScenarioOrmEntity, EvaluatorConfigOrmEntity, StoredEvaluatorConfig,
} from '../entities/evaluation.orm-entity';
import { pick } from './pick';

const evaluatorConfigKeys: Array<keyof EvaluatorConfig> = [
  'id', 'projectId', 'appId', 'name', 'evaluatorKey', 'settingsValues', 'createdAt', 'updatedAt',
];
type EvaluationColumns = Omit<Evaluation, 'evaluatorConfigs'>;
const evaluationKeys: Array<keyof EvaluationColumns> = [
  'id', 'projectId', 'appId', 'variantId', 'variantName', 'variantRevisionId', 'revision', 'parameters', 'invocationUrl',
  'testsetId', 'testsetName', 'testsetVersion', 'correctAnswerColumn', 'rateLimit', 'repetitions', 'source', 'status', 'statusError', 'progressDone',
  'progressTotal',
  'progressFailedRows', 'progressEvaluatorErrors', 'aggregatedResults', 'averageCost', 'totalCost', 'averageLatency',
  'createdAt', 'updatedAt',
];
const scenarioKeys: Array<keyof EvaluationScenario> = [
  'id', 'projectId', 'evaluationId', 'rowIndex', 'repetition', 'inputs', 'output', 'correctAnswer', 'results', 'latency', 'cost', 'error',
  'traceId', 'createdAt',
];

export const evaluatorConfigMapper = {
  toDomain: (row: EvaluatorConfigOrmEntity): EvaluatorConfig => pick<EvaluatorConfig>(row, evaluatorConfigKeys),
  toOrm: (config: EvaluatorConfig): EvaluatorConfigOrmEntity => pick(config, evaluatorConfigKeys),
  /** An evaluation's snapshot of a config: dates travel as ISO strings inside jsonb. */
  toStored: (config: EvaluatorConfig): StoredEvaluatorConfig => ({
    ...pick(config, evaluatorConfigKeys), createdAt: config.createdAt.toISOString(), updatedAt: config.updatedAt.toISOString(),
  }),
  fromStored: (stored: StoredEvaluatorConfig): EvaluatorConfig => ({
    ...stored, createdAt: new Date(stored.createdAt), updatedAt: new Date(stored.updatedAt),
  }),
};

export const evaluationMapper = {
  toDomain: (row: EvaluationOrmEntity): Evaluation => ({
    ...pick<EvaluationColumns>(row, evaluationKeys), evaluatorConfigs: row.evaluatorConfigs.map(evaluatorConfigMapper.fromStored),
  }),
  toOrm: (evaluation: Evaluation): EvaluationOrmEntity => ({
    ...pick(evaluation, evaluationKeys), evaluatorConfigs: evaluation.evaluatorConfigs.map(evaluatorConfigMapper.toStored),
  }),
};

export const evaluationScenarioMapper = {
  toDomain: (row: EvaluationScenarioOrmEntity): EvaluationScenario => pick<EvaluationScenario>(row, scenarioKeys),
};
