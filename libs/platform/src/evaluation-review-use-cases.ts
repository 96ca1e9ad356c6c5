import type { Provider } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  CompareEvaluationStatisticsUseCase, ComparisonCache, ComparisonSlots, ExportEvaluationUseCase, RerunFailedRowsUseCase, RunEvaluatorUseCase,
} from '@crucible/application';
import { type CrucibleConfigService, environmentOf } from './config/crucible-config.module';

/** What people do with finished evaluations: compare them, re-run failed rows, export; and try an evaluator. */
export const EVALUATION_REVIEW_USE_CASES: Provider[] = [
  CompareEvaluationStatisticsUseCase, RerunFailedRowsUseCase, ExportEvaluationUseCase, RunEvaluatorUseCase,
  {
    provide: ComparisonSlots,
    useFactory: (config: CrucibleConfigService) => new ComparisonSlots(environmentOf(config).CRUCIBLE_MAX_CONCURRENT_COMPARISONS),
    inject: [ConfigService],
  },
  { provide: ComparisonCache, useFactory: () => new ComparisonCache() },
];
