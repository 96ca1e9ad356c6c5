import { type Run, type StatusMachine, UNFINISHED_RUN_STATUSES } from '@crucible/domain';
import type { RowRun, RunFilter, RunReference, StatusChange } from '../runs/ports';

/**
 * The part of a run repository both kinds share, kept as the database keeps it: a status moves only along the
 * machine (a conditional update), each row is stored once, and readers get copies, never the stored object.
 */
export class InMemoryRunStore<R extends Run, Scenario extends { projectId: string; rowIndex: number; repetition?: number }> {
  readonly runs: R[] = [];
  readonly scenarios: Scenario[] = [];

  constructor(
    private readonly statuses: StatusMachine<R['status']>,
    private readonly runIdOf: (scenario: Scenario) => string,
  ) {}

  add(run: R): void {
    this.runs.push(structuredClone(run));
  }

  find(projectId: string, id: string): R | null {
    const run = this.stored(projectId, id);
    return run ? structuredClone(run) : null;
  }

  list(projectId: string, filter: RunFilter): R[] {
    return this.runs
      .filter((r) => r.projectId === projectId && (!filter.appId || r.appId === filter.appId) && (!filter.ids || filter.ids.includes(r.id)))
      .map((r) => structuredClone(r));
  }

  /** Applies `apply` along with the move, as the same UPDATE would. */
  moveStatus(projectId: string, id: string, change: StatusChange<R['status']>, apply: (run: R) => void = () => undefined): boolean {
    const run = this.stored(projectId, id);
    if (!run || !this.statuses.canMove(run.status, change.to)) return false;
    run.status = change.to;
    if (change.error !== undefined) run.statusError = change.error;
    run.updatedAt = new Date();
    apply(run);
    return true;
  }

  /** Stores the scenarios whose row is not stored yet; answers how many that was. `count` adds them to their run. */
  saveScenarios(scenarios: Scenario[], count: (run: R, stored: Scenario[]) => void = () => undefined): number {
    let stored = 0;
    for (const scenario of scenarios) {
      const runId = this.runIdOf(scenario);
      const sameRun = (s: Scenario) => s.rowIndex === scenario.rowIndex && (s.repetition ?? 1) === (scenario.repetition ?? 1);
      if (this.scenarios.some((s) => this.runIdOf(s) === runId && sameRun(s))) continue;
      this.scenarios.push(structuredClone(scenario));
      const run = this.stored(scenario.projectId, runId);
      if (run) {
        run.progressDone += 1;
        run.updatedAt = new Date();
        count(run, [scenario]);
      }
      stored += 1;
    }
    return stored;
  }

  scenariosOf(projectId: string, runId: string): Scenario[] {
    return this.scenarios
      .filter((s) => s.projectId === projectId && this.runIdOf(s) === runId)
      .sort((a, b) => a.rowIndex - b.rowIndex || (a.repetition ?? 1) - (b.repetition ?? 1))
      .map((s) => structuredClone(s));
  }

  storedRowRuns(projectId: string, runId: string): RowRun[] {
    return this.scenariosOf(projectId, runId).map((s) => ({ rowIndex: s.rowIndex, repetition: s.repetition ?? 1 }));
  }

  deleteMany(projectId: string, ids: string[]): number {
    const doomed = this.runs.filter((r) => r.projectId === projectId && ids.includes(r.id));
    for (const run of doomed) this.runs.splice(this.runs.indexOf(run), 1);
    for (let i = this.scenarios.length - 1; i >= 0; i -= 1) {
      if (ids.includes(this.runIdOf(this.scenarios[i]!))) this.scenarios.splice(i, 1);
    }
    return doomed.length;
  }

  listUnfinished(): RunReference[] {
    return this.runs
      .filter((r) => (UNFINISHED_RUN_STATUSES as readonly string[]).includes(r.status))
      .map((r) => ({ id: r.id, projectId: r.projectId }));
  }

  private stored(projectId: string, id: string): R | undefined {
    return this.runs.find((r) => r.projectId === projectId && r.id === id);
  }
}
