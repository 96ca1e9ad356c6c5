import { DomainError } from '../shared/domain-error';

/**
 * The legal moves of a run's status. A state with no moves is terminal: it never changes again, which is
 * what lets a late runner, a cancel and a re-delivered job race without overwriting each other.
 */
export interface StatusMachine<S extends string> {
  readonly states: readonly S[];
  isTerminal(status: S): boolean;
  canMove(from: S, to: S): boolean;
  /** The states a status may move from to reach `to`: what a conditional UPDATE must find in the row. */
  movableFrom(to: S): S[];
  assertMove(from: S, to: S): void;
}

/** `subject` names the kind of run in the error a refused move raises. */
export function defineStatusMachine<S extends string>(subject: string, moves: Record<S, readonly S[]>): StatusMachine<S> {
  const states = Object.keys(moves) as S[];
  const canMove = (from: S, to: S): boolean => moves[from].includes(to);
  return {
    states,
    isTerminal: (status) => moves[status].length === 0,
    canMove,
    movableFrom: (to) => states.filter((from) => canMove(from, to)),
    assertMove: (from, to) => {
      if (!canMove(from, to)) throw new DomainError('invalid_state', `${subject} cannot move from ${from} to ${to}`);
    },
  };
}
