import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  type Evaluation, type EvaluationScenario, type EvaluatorOutcome, aggregateEvaluation, errorResult, evaluationStatuses,
  groundTruthColumnOf,
} from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { EvaluatorService } from '../../evaluators/ports';
import { TestsetRepository } from '../../testsets/ports';
import { WorkflowInvoker } from '../../runs/ports';
import { driveRun } from '../../runs/drive-run';
import { invokeWithRetries, workflowInputs } from '../../runs/invoke-with-retries';
import type { Row } from '../../runs/row-batches';

/** The runner's work for one evaluation job: invoke the pinned revision on every row, judge it, aggregate. */
@Injectable()
export class RunEvaluationUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly testsets: TestsetRepository,
    private readonly invoker: WorkflowInvoker,
    private readonly evaluators: EvaluatorService,
  ) {}

  execute(job: { evaluationId: string; projectId: string }): Promise<void> {
    const ports = { runs: this.evaluations, testsets: this.testsets, statuses: evaluationStatuses };
    return driveRun(ports, { runId: job.evaluationId, projectId: job.projectId }, (evaluation) => ({
      rateLimit: evaluation.rateLimit,
      runBatch: async (batch) => {
        await this.evaluations.saveScenarios(await Promise.all(batch.map((item) => this.runRow(evaluation, item.row, item.index))));
      },
      finish: () => this.finish(evaluation),
    }));
  }

  private async runRow(evaluation: Evaluation, row: Row, rowIndex: number): Promise<EvaluationScenario> {
    const groundTruth = groundTruthColumnOf(evaluation);
    const inputs = workflowInputs(row, groundTruth);
    const outcome = await invokeWithRetries(
      this.invoker, evaluation.invocationUrl, { inputs, config: evaluation.parameters }, evaluation.rateLimit,
    );
    const scenario: EvaluationScenario = {
      id: randomUUID(), projectId: evaluation.projectId, evaluationId: evaluation.id, rowIndex, inputs,
      output: null, correctAnswer: row[groundTruth] ?? null, results: [], latency: null, cost: null, error: null,
      createdAt: new Date(),
    };
    if (!outcome.ok) {
      scenario.error = { message: outcome.message, ...(outcome.stacktrace ? { stacktrace: outcome.stacktrace } : {}) };
      scenario.latency = outcome.latencyMs / 1000;
      scenario.results = evaluation.evaluatorConfigs.map((config) => ({
        evaluatorConfigId: config.id, result: errorResult(`not evaluated: the application failed (${outcome.message})`),
      }));
    } else {
      scenario.output = outcome.output;
      scenario.latency = (outcome.trace?.latency_ms ?? outcome.latencyMs) / 1000;
      scenario.cost = outcome.trace?.cost ?? null;
      scenario.results = await this.evaluate(evaluation, row, outcome.output, groundTruth);
    }
    return scenario;
  }

  private evaluate(evaluation: Evaluation, row: Row, output: unknown, groundTruth: string): Promise<EvaluatorOutcome[]> {
    return Promise.all(evaluation.evaluatorConfigs.map(async (config) => ({
      evaluatorConfigId: config.id,
      result: await this.evaluators.evaluate(config.evaluatorKey, {
        inputs: row,
        output,
        correctAnswer: row[this.evaluators.groundTruthColumn(config.settingsValues, groundTruth)],
        appParams: evaluation.parameters,
        settings: config.settingsValues,
      }),
    })));
  }

  private async finish(evaluation: Evaluation): Promise<void> {
    const { projectId, id } = evaluation;
    const scenarios = await this.evaluations.listScenarios(projectId, id);
    try {
      const aggregates = aggregateEvaluation(evaluation.evaluatorConfigs.map((c) => c.id), scenarios);
      const allFailed = scenarios.length > 0 && aggregates.failedRows === scenarios.length;
      if (allFailed) {
        await this.evaluations.moveStatus(projectId, id, {
          to: 'EVALUATION_FAILED', aggregates, error: { message: `every row failed; first error: ${scenarios[0]!.error!.message}` },
        });
        return;
      }
      const withErrors = aggregates.failedRows > 0 || aggregates.evaluatorErrors > 0;
      await this.evaluations.moveStatus(projectId, id, {
        to: withErrors ? 'EVALUATION_FINISHED_WITH_ERRORS' : 'EVALUATION_FINISHED',
        aggregates,
        error: withErrors ? { message: `${aggregates.failedRows} rows failed, ${aggregates.evaluatorErrors} evaluator errors` } : null,
      });
    } catch (error) {
      await this.evaluations.moveStatus(projectId, id, {
        to: 'EVALUATION_AGGREGATION_FAILED',
        error: { message: (error as Error).message, stacktrace: (error as Error).stack },
      });
    }
  }
}
