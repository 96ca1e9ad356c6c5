import type { Provider } from '@nestjs/common';
import {
  CreateHumanEvaluationUseCase, DeleteHumanEvaluationsUseCase, ExportHumanEvaluationUseCase,
  GetHumanEvaluationResultsUseCase, GetHumanEvaluationUseCase, ListHumanEvaluationScenariosUseCase,
  ListHumanEvaluationsUseCase, RunHumanEvaluationUseCase, UpdateHumanEvaluationScenarioUseCase,
  UpdateHumanEvaluationStatusUseCase,
} from '@crucible/application';

export const HUMAN_EVALUATION_USE_CASES: Provider[] = [
  CreateHumanEvaluationUseCase, GetHumanEvaluationUseCase, ListHumanEvaluationsUseCase, ListHumanEvaluationScenariosUseCase,
  GetHumanEvaluationResultsUseCase, ExportHumanEvaluationUseCase, DeleteHumanEvaluationsUseCase,
  UpdateHumanEvaluationScenarioUseCase, UpdateHumanEvaluationStatusUseCase, RunHumanEvaluationUseCase,
];
