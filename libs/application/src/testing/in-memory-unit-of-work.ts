import { UnitOfWork } from '../shared/unit-of-work';

/** The in-memory repositories have no transactions to join or roll back: a unit runs its work as it is. */
export class InMemoryUnitOfWork extends UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  async afterCommit(effect: () => Promise<void> | void): Promise<void> {
    await effect();
  }

  isActive(): boolean {
    return false;
  }
}
