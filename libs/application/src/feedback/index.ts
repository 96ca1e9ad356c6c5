export * from './ports';
export * from './use-cases/create-score-config.use-case';
export * from './use-cases/list-score-configs.use-case';
export * from './use-cases/get-score-config.use-case';
export * from './use-cases/archive-score-config.use-case';
export * from './use-cases/create-score.use-case';
export * from './use-cases/list-scores.use-case';
import { CreateScoreConfigUseCase } from './use-cases/create-score-config.use-case';
import { ListScoreConfigsUseCase } from './use-cases/list-score-configs.use-case';
import { GetScoreConfigUseCase } from './use-cases/get-score-config.use-case';
import { ArchiveScoreConfigUseCase } from './use-cases/archive-score-config.use-case';
import { CreateScoreUseCase } from './use-cases/create-score.use-case';
import { ListScoresUseCase } from './use-cases/list-scores.use-case';

/** The feedback context's use cases (score configs and scores, ARCHITECTURE §18), registered by the composition root. */
export const FEEDBACK_USE_CASES = [
  CreateScoreConfigUseCase, ListScoreConfigsUseCase, GetScoreConfigUseCase, ArchiveScoreConfigUseCase, CreateScoreUseCase, ListScoresUseCase,
];
