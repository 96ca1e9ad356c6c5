import type { Invitation } from '@crucible/domain';
import type { InvitationOrmEntity } from '../entities/account.orm-entity';
import { pick } from './pick';

const invitationKeys: ReadonlyArray<keyof Invitation> = [
  'id', 'projectId', 'email', 'role', 'tokenHash', 'createdBy', 'createdAt', 'expiresAt', 'acceptedAt', 'revokedAt',
];

export const invitationMapper = {
  toDomain: (row: InvitationOrmEntity): Invitation => pick<Invitation>(row, invitationKeys),
  toOrm: (invitation: Invitation): InvitationOrmEntity => pick(invitation, invitationKeys),
};
