import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  type Actor, type Evaluation, type EvaluationScenario, type RateLimit, DomainError, evaluationStatuses, isErrorResult,
} from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { JobQueue } from '../../runs/ports';
import { GetEvaluationUseCase } from './get-evaluation.use-case';

const KEPT_ROWS_PER_INSERT = 1000;

const failed = (scenario: EvaluationScenario): boolean =>
  scenario.error !== null || scenario.results.some((outcome) => isErrorResult(outcome.result));

/**
 * Re-runs the rows whose invocation or evaluator errored (and any row a cancelled run never reached),
 * keeping the rest; with repetitions, the failed repetitions of a row alone run again. A finished evaluation never changes state again (ARCHITECTURE §3), so the re-run is a
 * new evaluation with the same pinned revision, evaluators and test set, holding copies of the kept rows:
 * the runner's resume skips them and invokes only the others.
 */
@Injectable()
export class RerunFailedRowsUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly queue: JobQueue,
    private readonly getEvaluation: GetEvaluationUseCase,
  ) {}

  async execute(actor: Actor, id: string, rateLimit?: RateLimit): Promise<Evaluation> {
    const original = await this.getEvaluation.execute(actor, id);
    if (original.source === 'sdk') {
      throw new DomainError('rule_violation', `evaluation ${id} was uploaded by the SDK: Crucible cannot invoke its task; run the test again`);
    }
    if (!evaluationStatuses.isTerminal(original.status)) {
      throw new DomainError('invalid_state', `evaluation ${id} is ${original.status}; re-run its failed rows once it has finished`);
    }
    const kept = (await this.evaluations.listScenarios(actor.projectId, id)).filter((s) => !failed(s));
    if (kept.length >= original.progressTotal) {
      throw new DomainError('invalid_state', `evaluation ${id} has no failed rows to re-run`);
    }
    const now = new Date();
    const rerun: Evaluation = {
      ...original, id: randomUUID(), rateLimit: rateLimit ?? original.rateLimit, status: 'EVALUATION_INITIALIZED',
      statusError: null, progressDone: 0, progressFailedRows: 0, progressEvaluatorErrors: 0, aggregatedResults: [], averageCost: null, totalCost: null, averageLatency: null,
      createdAt: now, updatedAt: now,
    };
    await this.evaluations.createMany([rerun]);
    // Chunks bound the size of each call's rows, sent as one jsonb value.
    for (let start = 0; start < kept.length; start += KEPT_ROWS_PER_INSERT) {
      await this.evaluations.saveScenarios(kept.slice(start, start + KEPT_ROWS_PER_INSERT).map((scenario) => ({
        ...scenario, id: randomUUID(), evaluationId: rerun.id, createdAt: now,
      })));
    }
    await this.queue.enqueue({ kind: 'evaluation', evaluation_id: rerun.id, project_id: actor.projectId });
    return this.getEvaluation.execute(actor, rerun.id);
  }
}
