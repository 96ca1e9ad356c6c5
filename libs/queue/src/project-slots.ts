import type { Job } from '@crucible/contracts';

/**
 * Fair shares of a few job slots between projects: the next job is the oldest waiting one of a project with the
 * fewest jobs running, and a running job is asked to give its slot back when a waiting job's project runs fewer jobs
 * than its own (one job gives way per such waiting job). One project's backlog thus never keeps another project's
 * first row waiting for more than the batch in flight.
 */
export class ProjectSlots {
  private readonly runningByProject = new Map<string, number>();
  /** Jobs that were asked to give their slot back and have not yet done so. */
  private readonly givingWay = new Set<Job>();

  /** Removes and answers the job to start next, or null when none waits. */
  takeNext(waiting: Job[]): Job | null {
    let best = -1;
    for (let i = 0; i < waiting.length; i += 1) {
      if (best < 0 || this.runningOf(waiting[i]!) < this.runningOf(waiting[best]!)) best = i;
    }
    if (best < 0) return null;
    const [job] = waiting.splice(best, 1);
    this.runningByProject.set(job!.project_id, this.runningOf(job!) + 1);
    return job!;
  }

  /** Whether `running` should give its slot back after its batch in flight. */
  shouldGiveWay(running: Job, waiting: Job[]): boolean {
    if (this.givingWay.has(running)) return true;
    const mine = this.runningOf(running);
    const owed = waiting.filter((job) => job.project_id !== running.project_id && this.runningOf(job) < mine).length;
    if (owed <= this.givingWayFrom(running.project_id)) return false;
    this.givingWay.add(running);
    return true;
  }

  released(job: Job): void {
    this.givingWay.delete(job);
    const left = this.runningOf(job) - 1;
    if (left > 0) this.runningByProject.set(job.project_id, left);
    else this.runningByProject.delete(job.project_id);
  }

  private runningOf(job: Job): number {
    return this.runningByProject.get(job.project_id) ?? 0;
  }

  private givingWayFrom(projectId: string): number {
    return [...this.givingWay].filter((job) => job.project_id === projectId).length;
  }
}
