export * from './ports';
export * from './use-cases/create-human-evaluation.use-case';
export * from './use-cases/run-human-evaluation.use-case';
export * from './use-cases/get-human-evaluation.use-case';
export * from './use-cases/list-human-evaluations.use-case';
export * from './use-cases/list-human-evaluation-scenarios.use-case';
export * from './use-cases/get-human-evaluation-results.use-case';
export * from './use-cases/export-human-evaluation.use-case';
export * from './use-cases/delete-human-evaluations.use-case';
export * from './use-cases/update-human-evaluation-scenario.use-case';
export * from './use-cases/update-human-evaluation-status.use-case';
import { CreateHumanEvaluationUseCase } from './use-cases/create-human-evaluation.use-case';
import { DeleteHumanEvaluationsUseCase } from './use-cases/delete-human-evaluations.use-case';
import { ExportHumanEvaluationUseCase } from './use-cases/export-human-evaluation.use-case';
import { GetHumanEvaluationResultsUseCase } from './use-cases/get-human-evaluation-results.use-case';
import { GetHumanEvaluationUseCase } from './use-cases/get-human-evaluation.use-case';
import { ListHumanEvaluationScenariosUseCase } from './use-cases/list-human-evaluation-scenarios.use-case';
import { ListHumanEvaluationsUseCase } from './use-cases/list-human-evaluations.use-case';
import { RunHumanEvaluationUseCase } from './use-cases/run-human-evaluation.use-case';
import { UpdateHumanEvaluationScenarioUseCase } from './use-cases/update-human-evaluation-scenario.use-case';
import { UpdateHumanEvaluationStatusUseCase } from './use-cases/update-human-evaluation-status.use-case';

/** The human-evaluations context's use cases, registered by the composition root (libs/platform). */
export const HUMAN_EVALUATIONS_USE_CASES = [
  CreateHumanEvaluationUseCase, DeleteHumanEvaluationsUseCase, ExportHumanEvaluationUseCase,
  GetHumanEvaluationResultsUseCase, GetHumanEvaluationUseCase, ListHumanEvaluationScenariosUseCase,
  ListHumanEvaluationsUseCase, RunHumanEvaluationUseCase, UpdateHumanEvaluationScenarioUseCase,
  UpdateHumanEvaluationStatusUseCase,
];
