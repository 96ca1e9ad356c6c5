import { randomUUID } from 'node:crypto';
import type { AuditEvent, Membership, User } from '@crucible/domain';

/**
 * `member.join`, signed by the person who joined: setup, invitations and SSO run on public routes, where the audit
 * interceptor has no caller, so they write this event themselves.
 */
export function memberJoined(user: User, membership: Membership, how: string, ip: string | null): AuditEvent {
  return {
    id: randomUUID(), at: membership.joinedAt, projectId: membership.projectId, actor: { type: 'user', id: user.id, name: user.name },
    action: 'member.join', resourceType: 'member', resourceId: user.id,
    summary: `${user.name} (${user.email}) ${how} and joined as ${membership.role}`, ip,
  };
}
