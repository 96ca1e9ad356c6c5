import { UnitOfWork } from '../shared/unit-of-work';

/** A unit whose after-commit effects wait for `commit()`, as they wait for the database's commit. */
export class HeldUnitOfWork extends UnitOfWork {
  private readonly effects: Array<() => Promise<void> | void> = [];

  run<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  async afterCommit(effect: () => Promise<void> | void): Promise<void> {
    this.effects.push(effect);
  }

  isActive(): boolean {
    return true;
  }

  async commit(): Promise<void> {
    for (const effect of this.effects.splice(0)) await effect();
  }
}
