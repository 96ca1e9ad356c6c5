import { ExclusiveLock, OutageClassifier } from '../jobs/ports';

/** What a test throws to stand for a dependency being down (the database adapter's classifier reads driver errors). */
export class SimulatedOutage extends Error {
  constructor(message = 'database unreachable') {
    super(message);
  }
}

export class SimulatedOutageClassifier extends OutageClassifier {
  isOutage(error: unknown): boolean {
    return error instanceof SimulatedOutage;
  }
}

/** One holder at a time in this process; `heldElsewhere` stands for another process holding it. */
export class InMemoryExclusiveLock extends ExclusiveLock {
  heldElsewhere = false;
  private held = false;

  async runExclusively(work: () => Promise<void>): Promise<boolean> {
    if (this.held || this.heldElsewhere) return false;
    this.held = true;
    try {
      await work();
      return true;
    } finally {
      this.held = false;
    }
  }
}
