import { Injectable } from '@nestjs/common';
import {
  DEFAULT_CORRECT_ANSWER_COLUMN, DomainError, ENVIRONMENT_CONNECTION_ID, type EvaluatorConfig, type InputViolation, isProviderKind,
  type TestsetSummary,
} from '@crucible/domain';
import { EvaluatorService } from '../../evaluators/ports';
import { ProviderConnectionDirectory } from '../../providers/ports';

export interface EvaluatorPrerequisitesInput {
  configs: EvaluatorConfig[];
  testset: Pick<TestsetSummary, 'name' | 'columns'>;
  correctAnswerColumn?: string;
}

/**
 * Refuses (422, naming the config and what is missing) an evaluation whose judges would fail on every row: a column
 * a preset or setting reads that the test set lacks, a judge model no connection of the project serves.
 */
@Injectable()
export class CheckEvaluatorPrerequisitesUseCase {
  constructor(
    private readonly evaluators: EvaluatorService,
    private readonly connections: ProviderConnectionDirectory,
  ) {}

  async execute(projectId: string, { configs, testset, correctAnswerColumn }: EvaluatorPrerequisitesInput): Promise<void> {
    const violations: InputViolation[] = [];
    for (const config of configs) {
      const needs = this.evaluators.requirements(config.evaluatorKey, config.settingsValues, correctAnswerColumn ?? DEFAULT_CORRECT_ANSWER_COLUMN);
      for (const { column, neededBy } of needs.columns) {
        if (testset.columns.includes(column)) continue;
        violations.push({
          field: ['evaluators_configs', config.id],
          reason: `evaluator config '${config.name}' reads the column '${column}' (${neededBy}), which test set '${testset.name}' does not have; its columns: ${testset.columns.join(', ')}`,
          rule: 'invalid_value',
        });
      }
      const missing = needs.judge && await this.missingConnection(projectId, needs.judge);
      if (missing) violations.push({ field: ['evaluators_configs', config.id], reason: `evaluator config '${config.name}': ${missing}`, rule: 'invalid_value' });
    }
    if (violations.length > 0) throw DomainError.invalidInput(violations);
  }

  /** Why no connection serves the judge, or null. A '<connection name>/<model>' id is left to the gateway to route. */
  private async missingConnection(projectId: string, { model, connectionId }: { model: string; connectionId?: string }): Promise<string | null> {
    if (connectionId) {
      return await this.connections.connectionById(projectId, connectionId) ? null : `its judge connection '${connectionId}' does not exist in this project`;
    }
    if (!model.includes('/')) {
      return await this.connections.connectionById(projectId, ENVIRONMENT_CONNECTION_ID)
        ? null
        : `the judge model '${model}' names no provider and no connection, and the OPENAI_* fallback connection is not configured; choose a connection`;
    }
    const provider = model.slice(0, model.indexOf('/'));
    if (!isProviderKind(provider)) return null;
    return (await this.connections.kindsConnected(projectId)).includes(provider)
      ? null
      : `the judge model '${model}' needs a connection of provider '${provider}', and this project has none`;
  }
}
