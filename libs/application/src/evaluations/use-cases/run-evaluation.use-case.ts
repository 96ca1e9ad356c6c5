import { Injectable } from '@nestjs/common';
import type { Trace } from '@crucible/contracts';
import { randomUUID } from 'node:crypto';
import {
  type Evaluation, type EvaluationScenario, type EvaluatorOutcome, type TraceWithSpans, errorResult, evaluationStatuses,
  groundTruthColumnOf,
} from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { finishedStatusOf } from '../finished-status';
import { EvaluatorService } from '../../evaluators/ports';
import { TestsetRepository } from '../../testsets/ports';
import { type JobOutcome, type JobSlot, RunReporter, RunStoragePolicy, WorkflowInvoker } from '../../runs/ports';
import { traceFromRecord } from '../../traces/sdk-trace-records';
import { driveRun } from '../../runs/drive-run';
import { invokeWithRetries, workflowInputs } from '../../runs/invoke-with-retries';
import type { Row } from '../../runs/row-batches';

/** The runner's work for one evaluation job: invoke the pinned revision on every row (`repetitions` times), judge it, aggregate. */
@Injectable()
export class RunEvaluationUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly testsets: TestsetRepository,
    private readonly invoker: WorkflowInvoker,
    private readonly evaluators: EvaluatorService,
    private readonly reporter: RunReporter,
    private readonly policy: RunStoragePolicy,
  ) {}

  /** One delivery of the job; `slot` lets the queue take the slot back between batches. */
  execute(job: { evaluationId: string; projectId: string }, slot?: JobSlot): Promise<JobOutcome> {
    const ports = { runs: this.evaluations, testsets: this.testsets, statuses: evaluationStatuses, reporter: this.reporter, policy: this.policy };
    return driveRun(ports, { kind: 'evaluation', runId: job.evaluationId, projectId: job.projectId }, (evaluation) => ({
      rateLimit: evaluation.rateLimit,
      repetitions: evaluation.repetitions,
      runRow: (item) => this.runRow(evaluation, item.row, item.index, item.repetition),
      store: async (rows) => {
        await this.evaluations.saveScenarios(rows.map((row) => row.scenario), this.keptTraces(evaluation, rows));
      },
      finish: () => this.finish(evaluation),
    }), slot);
  }

  /** The invocations' traces, kept like any other trace of the app (idempotent by trace id, so a resumed batch adds nothing). */
  private keptTraces(evaluation: Evaluation, rows: Array<{ trace: Trace | null }>): TraceWithSpans[] {
    return rows.flatMap(({ trace }) => (trace ? [traceFromRecord(evaluation.projectId, {
      ...trace, app_id: evaluation.appId, variant_id: evaluation.variantId, variant_revision_id: evaluation.variantRevisionId,
    })] : []));
  }

  private async runRow(evaluation: Evaluation, row: Row, rowIndex: number, repetition: number): Promise<{ scenario: EvaluationScenario; trace: Trace | null }> {
    const groundTruth = groundTruthColumnOf(evaluation);
    const inputs = workflowInputs(row, groundTruth);
    const outcome = await invokeWithRetries(
      this.invoker, evaluation.invocationUrl, { inputs, config: evaluation.parameters, projectId: evaluation.projectId }, evaluation.rateLimit,
    );
    let trace: Trace | null = null;
    const scenario: EvaluationScenario = {
      id: randomUUID(), projectId: evaluation.projectId, evaluationId: evaluation.id, rowIndex, repetition, inputs,
      output: null, correctAnswer: row[groundTruth] ?? null, results: [], latency: null, cost: null, error: null,
      traceId: null, createdAt: new Date(),
    };
    if (!outcome.ok) {
      scenario.error = { message: outcome.message, ...(outcome.stacktrace ? { stacktrace: outcome.stacktrace } : {}) };
      scenario.latency = outcome.latencyMs / 1000;
      scenario.results = evaluation.evaluatorConfigs.map((config) => ({
        evaluatorConfigId: config.id, result: errorResult(`not evaluated: the application failed (${outcome.message})`),
      }));
    } else {
      scenario.output = outcome.output;
      // A trace without spans (a service that is not ours) still gives latency and cost, but there is nothing to keep.
      trace = outcome.trace && outcome.trace.spans.length > 0 ? outcome.trace : null;
      scenario.traceId = trace?.trace_id ?? null;
      scenario.latency = (outcome.trace?.latency_ms ?? outcome.latencyMs) / 1000;
      scenario.cost = outcome.trace?.cost ?? null;
      scenario.results = await this.evaluate(evaluation, row, outcome.output, groundTruth, trace);
    }
    return { scenario, trace };
  }

  /** Each outcome carries what its judge's own model calls cost (an LLM judge), apart from the application's cost. */
  private evaluate(
    evaluation: Evaluation, row: Row, output: unknown, groundTruth: string, trace: Trace | null,
  ): Promise<EvaluatorOutcome[]> {
    return Promise.all(evaluation.evaluatorConfigs.map(async (config) => {
      let cost: number | undefined;
      const result = await this.evaluators.evaluate(config.evaluatorKey, {
        projectId: evaluation.projectId,
        inputs: row,
        output,
        trace,
        correctAnswer: row[this.evaluators.groundTruthColumn(config.settingsValues, groundTruth)],
        groundTruthColumn: groundTruth,
        appParams: evaluation.parameters,
        settings: config.settingsValues,
        retries: evaluation.rateLimit,
        onCost: (usd) => {
          cost = (cost ?? 0) + usd;
        },
      });
      return { evaluatorConfigId: config.id, result, ...(cost === undefined ? {} : { cost }) };
    }));
  }

  private async finish(evaluation: Evaluation): Promise<void> {
    const { projectId, id } = evaluation;
    const configIds = evaluation.evaluatorConfigs.map((c) => c.id);
    const tally = await this.evaluations.tallyScenarios(projectId, id, configIds);
    await this.evaluations.moveStatus(projectId, id, finishedStatusOf(configIds, tally));
  }
}
