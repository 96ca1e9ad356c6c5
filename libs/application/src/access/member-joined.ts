import { randomUUID } from 'node:crypto';
import type { AuditEvent, Membership, User } from '@crucible/domain';
import type { AuditTrail } from '../audit/ports';
import type { UnitOfWork } from '../shared/unit-of-work';
import type { InvitationRedemption } from './ports';

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

/** An invitation's redemption and the event of the person joining commit together; the event only if it was accepted. */
export function redeemWithEvent(
  unitOfWork: UnitOfWork, trail: AuditTrail, redeem: () => Promise<InvitationRedemption>, joined: AuditEvent,
): Promise<InvitationRedemption> {
  return unitOfWork.run(async () => {
    const outcome = await redeem();
    if (outcome === 'accepted') await trail.record(joined);
    return outcome;
  });
}
