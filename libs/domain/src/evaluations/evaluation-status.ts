import { DomainError } from '../shared/domain-error';

export type EvaluationStatus =
  | 'EVALUATION_INITIALIZED'
  | 'EVALUATION_STARTED'
  | 'EVALUATION_FINISHED'
  | 'EVALUATION_FINISHED_WITH_ERRORS'
  | 'EVALUATION_FAILED'
  | 'EVALUATION_AGGREGATION_FAILED'
  | 'EVALUATION_CANCELLED';

const MOVES: Record<EvaluationStatus, EvaluationStatus[]> = {
  EVALUATION_INITIALIZED: ['EVALUATION_STARTED', 'EVALUATION_CANCELLED', 'EVALUATION_FAILED'],
  EVALUATION_STARTED: [
    'EVALUATION_FINISHED', 'EVALUATION_FINISHED_WITH_ERRORS', 'EVALUATION_FAILED', 'EVALUATION_AGGREGATION_FAILED',
    'EVALUATION_CANCELLED',
  ],
  EVALUATION_FINISHED: [],
  EVALUATION_FINISHED_WITH_ERRORS: [],
  EVALUATION_FAILED: [],
  EVALUATION_AGGREGATION_FAILED: [],
  EVALUATION_CANCELLED: [],
};

export const isTerminalStatus = (status: EvaluationStatus): boolean => MOVES[status].length === 0;

/** The states a status may move from to reach `to`: what a conditional UPDATE must find in the row. */
export const statusesMovableTo = (to: EvaluationStatus): EvaluationStatus[] =>
  (Object.keys(MOVES) as EvaluationStatus[]).filter((from) => MOVES[from].includes(to));

export function assertStatusMove(from: EvaluationStatus, to: EvaluationStatus): void {
  if (!MOVES[from].includes(to)) {
    throw new DomainError('invalid_state', `evaluation cannot move from ${from} to ${to}`);
  }
}
