/** Kinds of rows whose changes every process hears of. */
export type ChangeKind = 'api_keys' | 'deployments';

/**
 * What this process has heard of changes to rows of a kind, answered at once, reading nothing: a mark that moves when
 * any process, of this server or another, commits such a change (a moment after its commit). Null when it cannot tell
 * (nobody listens): what was kept then lasts its time only.
 */
export abstract class ChangeMarks {
  /** Any key of any project. */
  abstract markOf(kind: 'api_keys'): string | null;
  /** The environments of the project. */
  abstract markOf(kind: 'deployments', projectId: string): string | null;
}

/** Nothing is heard: every mark is null. */
export class NoChangeMarks extends ChangeMarks {
  markOf(): string | null {
    return null;
  }
}
