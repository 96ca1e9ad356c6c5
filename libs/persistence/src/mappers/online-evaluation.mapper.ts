import type { OnlineEvaluationRule } from '@crucible/domain';
import type { OnlineEvaluationOrmEntity } from '../entities/online-evaluation.orm-entity';
import { pick } from './pick';

const ruleKeys: Array<keyof OnlineEvaluationRule> = [
  'id', 'projectId', 'name', 'evaluatorConfigId', 'appId', 'environment', 'filter', 'samplingRate', 'delaySeconds', 'active', 'pausedReason',
  'createdAt', 'updatedAt', 'createdBy',
];

export const onlineEvaluationMapper = {
  toDomain: (row: OnlineEvaluationOrmEntity): OnlineEvaluationRule => pick<OnlineEvaluationRule>(row, ruleKeys),
  toOrm: (rule: OnlineEvaluationRule): OnlineEvaluationOrmEntity => pick<OnlineEvaluationRule>(rule, ruleKeys),
};
