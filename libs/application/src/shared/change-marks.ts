/** Kinds of rows whose changes every process hears of. */
export type ChangeKind = 'deployments';

/**
 * What this process has heard of changes to a project's rows of a kind, answered at once, reading nothing: a mark that
 * moves when any process, of this server or another, commits such a change (a moment after its commit). Null when it
 * cannot tell (nobody listens): what was kept then lasts its time only.
 */
export abstract class ChangeMarks {
  abstract markOf(kind: ChangeKind, projectId: string): string | null;
}

/** Nothing is heard: every mark is null. */
export class NoChangeMarks extends ChangeMarks {
  markOf(): string | null {
    return null;
  }
}
