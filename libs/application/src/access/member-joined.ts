import { randomUUID } from 'node:crypto';
import type { AuditEvent, Membership, User } from '@crucible/domain';
import type { AuditTrail } from '../audit/ports';
import type { UnitOfWork } from '../shared/unit-of-work';

/**
 * `member.join`, signed by the person who joined: setup, invitations and SSO run on public routes, where the audit
 * interceptor has no caller, so they write this event themselves, in a unit of work with the membership.
 */
export function memberJoined(user: User, membership: Membership, how: string, ip: string | null): AuditEvent {
  return {
    id: randomUUID(), at: membership.joinedAt, projectId: membership.projectId, actor: { type: 'user', id: user.id, name: user.name },
    action: 'member.join', resourceType: 'member', resourceId: user.id,
    summary: `${user.name} (${user.email}) ${how} and joined as ${membership.role}`, ip,
  };
}

/**
 * A link's redemption (setup, invitation) and the event of the person joining commit together; the event only when the
 * redemption answered `joinedWhen` (the link was good).
 */
export function redeemWithEvent<Outcome extends string>(
  unitOfWork: UnitOfWork, trail: AuditTrail, redeem: () => Promise<Outcome>, joined: AuditEvent, joinedWhen: Outcome,
): Promise<Outcome> {
  return unitOfWork.run(async () => {
    const outcome = await redeem();
    if (outcome === joinedWhen) await trail.record(joined);
    return outcome;
  });
}
