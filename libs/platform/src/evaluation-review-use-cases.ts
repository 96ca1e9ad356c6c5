import type { Provider } from '@nestjs/common';
import {
  CompareEvaluationStatisticsUseCase, ExportEvaluationUseCase, RerunFailedRowsUseCase, RunEvaluatorUseCase,
} from '@crucible/application';

/** What people do with finished evaluations: compare them, re-run failed rows, export; and try an evaluator. */
export const EVALUATION_REVIEW_USE_CASES: Provider[] = [
  CompareEvaluationStatisticsUseCase, RerunFailedRowsUseCase, ExportEvaluationUseCase, RunEvaluatorUseCase,
];
