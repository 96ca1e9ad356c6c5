/**
 * Which one of the processes sharing a database runs the periodic jobs that must run once per period, not once per
 * process (the trace store's partitions and retention): with CRUCIBLE_API_WORKERS, or several api servers, every api
 * process schedules them, and each tick asks this first. The lead passes on when its holder dies: its next tick, a
 * surviving process takes it.
 */
export abstract class PeriodicJobLeadership {
  /** Whether this process holds the lead now, taking it when nobody does; false when the database cannot say. */
  abstract leads(): Promise<boolean>;
}
