import { Injectable } from '@nestjs/common';
import { type Job, jobSchema } from '@crucible/contracts';
import { RunEvaluationUseCase } from '../evaluations/use-cases/run-evaluation.use-case';
import { RunHumanEvaluationUseCase } from '../human-evaluations/use-cases/run-human-evaluation.use-case';

/** Both queue adapters (BullMQ and in-process) hand every job here; the payload is parsed, never trusted. */
@Injectable()
export class DispatchJobUseCase {
  constructor(
    private readonly runEvaluation: RunEvaluationUseCase,
    private readonly runHumanEvaluation: RunHumanEvaluationUseCase,
  ) {}

  async execute(payload: unknown): Promise<void> {
    const job: Job = jobSchema.parse(payload);
    switch (job.kind) {
      case 'evaluation':
        return this.runEvaluation.execute({ evaluationId: job.evaluation_id, projectId: job.project_id });
      case 'human_evaluation':
        return this.runHumanEvaluation.execute({ humanEvaluationId: job.human_evaluation_id, projectId: job.project_id });
    }
  }
}
