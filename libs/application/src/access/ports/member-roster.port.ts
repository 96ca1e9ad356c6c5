import type { Membership, MemberChange, ProjectMember } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

/** Decides a change to a member, knowing the project's owner count; throws to refuse it. */
export type MemberChangeCheck = (member: Membership, owners: number) => void;

/** A project's members as its Members page manages them. */
export abstract class MemberRoster {
  /** By join time, then user id. */
  abstract list(projectId: string, page: PageRequest): Promise<Page<ProjectMember>>;
  /**
   * Applies `change` to the member in one transaction that holds the project's memberships still, after `check` let
   * it (two owners demoting each other at once cannot leave none). The membership as it was; null when the user is
   * not a member (nothing checked or written).
   */
  abstract change(projectId: string, userId: string, change: MemberChange, check: MemberChangeCheck): Promise<ProjectMember | null>;
}
