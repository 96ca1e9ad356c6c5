import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  type HumanEvaluation, type HumanEvaluationScenario, type HumanScenarioOutput, HUMAN_EVALUATION_RATE_LIMIT,
  displayValue, groundTruthColumnOf, humanEvaluationStatuses, isTerminalHumanStatus,
} from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';
import { TestsetRepository } from '../../testsets/ports';
import { type JobOutcome, type JobSlot, RunReporter, RunStoragePolicy, WorkflowInvoker } from '../../runs/ports';
import { driveRun } from '../../runs/drive-run';
import { invokeWithRetries, workflowInputs } from '../../runs/invoke-with-retries';
import type { Row } from '../../runs/row-batches';

/**
 * The runner's work for one human evaluation job: every compared revision's output for every row, so that
 * people can judge. A failed invocation is kept in its output entry and does not stop the row or the run.
 */
@Injectable()
export class RunHumanEvaluationUseCase {
  constructor(
    private readonly humanEvaluations: HumanEvaluationRepository,
    private readonly testsets: TestsetRepository,
    private readonly invoker: WorkflowInvoker,
    private readonly reporter: RunReporter,
    private readonly policy: RunStoragePolicy,
  ) {}

  /** One delivery of the job; `slot` lets the queue take the slot back between batches. */
  execute(job: { humanEvaluationId: string; projectId: string }, slot?: JobSlot): Promise<JobOutcome> {
    // READY and FINISHED move between each other by hand, yet the runner is done with both.
    const statuses = { ...humanEvaluationStatuses, isTerminal: isTerminalHumanStatus };
    const ports = { runs: this.humanEvaluations, testsets: this.testsets, statuses, reporter: this.reporter, policy: this.policy };
    return driveRun(ports, { kind: 'human_evaluation', runId: job.humanEvaluationId, projectId: job.projectId }, (evaluation) => ({
      rateLimit: HUMAN_EVALUATION_RATE_LIMIT,
      runRow: (item) => this.runRow(evaluation, item.row, item.index),
      store: async (scenarios) => {
        for (const scenario of scenarios) await this.humanEvaluations.saveScenario(scenario);
      },
      finish: () => this.finish(evaluation),
    }), slot);
  }

  private async runRow(evaluation: HumanEvaluation, row: Row, rowIndex: number): Promise<HumanEvaluationScenario> {
    const groundTruth = groundTruthColumnOf(evaluation);
    const inputs = workflowInputs(row, groundTruth);
    const outputs = await Promise.all(evaluation.variants.map(async (variant): Promise<HumanScenarioOutput> => {
      const outcome = await invokeWithRetries(
        this.invoker, variant.invocationUrl, { inputs, config: variant.parameters, projectId: evaluation.projectId }, HUMAN_EVALUATION_RATE_LIMIT,
      );
      const ids = { variantId: variant.variantId, variantRevisionId: variant.variantRevisionId };
      if (outcome.ok) return { ...ids, output: outcome.output, error: null };
      return { ...ids, output: null, error: { message: outcome.message, ...(outcome.stacktrace ? { stacktrace: outcome.stacktrace } : {}) } };
    }));
    const correctAnswer = row[groundTruth];
    const now = new Date();
    const scenario: HumanEvaluationScenario = {
      id: randomUUID(), projectId: evaluation.projectId, evaluationId: evaluation.id, rowIndex,
      inputs: evaluation.inputColumns.map((name) => ({ name, value: row[name] ?? null })), outputs,
      vote: null, score: null, metricScores: {}, correctAnswer: correctAnswer === undefined || correctAnswer === null ? null : displayValue(correctAnswer),
      isPinned: false, note: null, modifiedBy: null, modifiedById: null, createdAt: now, updatedAt: now,
    };
    return scenario;
  }

  private async finish(evaluation: HumanEvaluation): Promise<void> {
    const { projectId, id } = evaluation;
    const scenarios = await this.humanEvaluations.listScenarios(projectId, id);
    const outputs = scenarios.flatMap((s) => s.outputs);
    const firstError = outputs.find((o) => o.error)?.error;
    if (outputs.length === 0 || outputs.every((o) => o.error)) {
      await this.humanEvaluations.moveStatus(projectId, id, {
        to: 'EVALUATION_FAILED',
        error: { message: firstError ? `every invocation failed; first error: ${firstError.message}` : 'the test set has no rows' },
      });
      return;
    }
    const failed = outputs.filter((o) => o.error).length;
    await this.humanEvaluations.moveStatus(projectId, id, {
      to: 'EVALUATION_READY',
      error: failed > 0 ? { message: `${failed} of ${outputs.length} invocations failed; their errors are on the scenarios` } : null,
    });
  }
}
