export * from './ports';
export * from './use-cases/create-score-config.use-case';
export * from './use-cases/list-score-configs.use-case';
export * from './use-cases/get-score-config.use-case';
export * from './use-cases/archive-score-config.use-case';
export * from './use-cases/create-score.use-case';
export * from './use-cases/list-scores.use-case';
export * from './use-cases/create-annotation-queue.use-case';
export * from './use-cases/list-annotation-queues.use-case';
export * from './use-cases/get-annotation-queue.use-case';
export * from './use-cases/add-queue-items.use-case';
export * from './use-cases/next-queue-item.use-case';
export * from './use-cases/complete-queue-item.use-case';
export * from './use-cases/skip-queue-item.use-case';
export * from './use-cases/create-online-evaluation.use-case';
export * from './use-cases/list-online-evaluations.use-case';
export * from './use-cases/get-online-evaluation.use-case';
export * from './use-cases/set-online-evaluation-active.use-case';
import { CreateOnlineEvaluationUseCase } from './use-cases/create-online-evaluation.use-case';
import { ListOnlineEvaluationsUseCase } from './use-cases/list-online-evaluations.use-case';
import { GetOnlineEvaluationUseCase } from './use-cases/get-online-evaluation.use-case';
import { SetOnlineEvaluationActiveUseCase } from './use-cases/set-online-evaluation-active.use-case';
export * from './use-cases/list-online-executions.use-case';
export * from './use-cases/backfill-online-evaluation.use-case';
export * from './use-cases/run-due-online-executions.use-case';
import { ListOnlineExecutionsUseCase } from './use-cases/list-online-executions.use-case';
import { BackfillOnlineEvaluationUseCase } from './use-cases/backfill-online-evaluation.use-case';
import { RunDueOnlineExecutionsUseCase } from './use-cases/run-due-online-executions.use-case';
import { CreateScoreConfigUseCase } from './use-cases/create-score-config.use-case';
import { ListScoreConfigsUseCase } from './use-cases/list-score-configs.use-case';
import { GetScoreConfigUseCase } from './use-cases/get-score-config.use-case';
import { ArchiveScoreConfigUseCase } from './use-cases/archive-score-config.use-case';
import { CreateScoreUseCase } from './use-cases/create-score.use-case';
import { ListScoresUseCase } from './use-cases/list-scores.use-case';
import { CreateAnnotationQueueUseCase } from './use-cases/create-annotation-queue.use-case';
import { ListAnnotationQueuesUseCase } from './use-cases/list-annotation-queues.use-case';
import { GetAnnotationQueueUseCase } from './use-cases/get-annotation-queue.use-case';
import { AddQueueItemsUseCase } from './use-cases/add-queue-items.use-case';
import { NextQueueItemUseCase } from './use-cases/next-queue-item.use-case';
import { CompleteQueueItemUseCase } from './use-cases/complete-queue-item.use-case';
import { SkipQueueItemUseCase } from './use-cases/skip-queue-item.use-case';

/** The feedback context's use cases (score configs, scores and annotation queues, ARCHITECTURE §18), registered by the composition root. */
export const FEEDBACK_USE_CASES = [
  CreateScoreConfigUseCase, ListScoreConfigsUseCase, GetScoreConfigUseCase, ArchiveScoreConfigUseCase, CreateScoreUseCase, ListScoresUseCase,
  CreateAnnotationQueueUseCase, ListAnnotationQueuesUseCase, GetAnnotationQueueUseCase, AddQueueItemsUseCase, NextQueueItemUseCase,
  CompleteQueueItemUseCase, SkipQueueItemUseCase,
  CreateOnlineEvaluationUseCase, ListOnlineEvaluationsUseCase, GetOnlineEvaluationUseCase, SetOnlineEvaluationActiveUseCase,
  ListOnlineExecutionsUseCase, BackfillOnlineEvaluationUseCase, RunDueOnlineExecutionsUseCase,
];

/** What a process that runs jobs but serves no feedback routes needs of the context: draining online evaluations. */
export const ONLINE_EVALUATION_JOB_USE_CASES = [RunDueOnlineExecutionsUseCase];
