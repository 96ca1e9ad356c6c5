export * from './ports';
export * from './use-cases/create-evaluation.use-case';
export * from './use-cases/check-evaluator-prerequisites.use-case';
export * from './use-cases/run-evaluation.use-case';
export * from './use-cases/get-evaluation.use-case';
export * from './use-cases/get-evaluation-progress.use-case';
export * from './use-cases/list-evaluations.use-case';
export * from './use-cases/list-evaluation-scenarios.use-case';
export * from './use-cases/compare-evaluations.use-case';
export * from './use-cases/cancel-evaluation.use-case';
export * from './use-cases/delete-evaluations.use-case';
export * from './use-cases/compare-evaluation-statistics.use-case';
export * from './use-cases/rerun-failed-rows.use-case';
export * from './use-cases/export-evaluation.use-case';
export * from './use-cases/upload-evaluation.use-case';
export * from './comparison/comparison-cache';
export * from './comparison/comparison-slots';
import { CancelEvaluationUseCase } from './use-cases/cancel-evaluation.use-case';
import { CheckEvaluatorPrerequisitesUseCase } from './use-cases/check-evaluator-prerequisites.use-case';
import { CompareEvaluationStatisticsUseCase } from './use-cases/compare-evaluation-statistics.use-case';
import { CompareEvaluationsUseCase } from './use-cases/compare-evaluations.use-case';
import { CreateEvaluationUseCase } from './use-cases/create-evaluation.use-case';
import { DeleteEvaluationsUseCase } from './use-cases/delete-evaluations.use-case';
import { ExportEvaluationUseCase } from './use-cases/export-evaluation.use-case';
import { GetEvaluationProgressUseCase } from './use-cases/get-evaluation-progress.use-case';
import { GetEvaluationUseCase } from './use-cases/get-evaluation.use-case';
import { ListEvaluationScenariosUseCase } from './use-cases/list-evaluation-scenarios.use-case';
import { ListEvaluationsUseCase } from './use-cases/list-evaluations.use-case';
import { RerunFailedRowsUseCase } from './use-cases/rerun-failed-rows.use-case';
import { RunEvaluationUseCase } from './use-cases/run-evaluation.use-case';
import { UploadEvaluationUseCase } from './use-cases/upload-evaluation.use-case';

/** The evaluations context's use cases, registered by the composition root (libs/platform). */
export const EVALUATIONS_USE_CASES = [
  CancelEvaluationUseCase, CheckEvaluatorPrerequisitesUseCase, CompareEvaluationStatisticsUseCase, CompareEvaluationsUseCase, CreateEvaluationUseCase,
  DeleteEvaluationsUseCase, ExportEvaluationUseCase, GetEvaluationProgressUseCase, GetEvaluationUseCase,
  ListEvaluationScenariosUseCase, ListEvaluationsUseCase, RerunFailedRowsUseCase, RunEvaluationUseCase, UploadEvaluationUseCase,
];
