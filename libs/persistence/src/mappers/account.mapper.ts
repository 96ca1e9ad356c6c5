import type { Membership, Session, SetupToken, User } from '@crucible/domain';
import type { MembershipOrmEntity, SessionOrmEntity, SetupTokenOrmEntity, UserOrmEntity } from '../entities/account.orm-entity';
import { pick } from './pick';

const userKeys: ReadonlyArray<keyof User> = ['id', 'email', 'name', 'passwordHash', 'createdAt'];
const membershipKeys: ReadonlyArray<keyof Membership> = ['projectId', 'userId', 'role', 'joinedAt'];
const sessionKeys: ReadonlyArray<keyof Session> = ['id', 'userId', 'tokenHash', 'csrfToken', 'createdAt', 'lastSeenAt', 'expiresAt'];
const setupTokenKeys: ReadonlyArray<keyof SetupToken> = ['tokenHash', 'createdAt', 'usedAt'];

export const userMapper = {
  toDomain: (row: UserOrmEntity): User => pick<User>(row, userKeys),
  toOrm: (user: User): UserOrmEntity => pick(user, userKeys),
};
export const membershipMapper = {
  toDomain: (row: MembershipOrmEntity): Membership => pick<Membership>(row, membershipKeys),
  toOrm: (membership: Membership): MembershipOrmEntity => pick(membership, membershipKeys),
};
export const sessionMapper = {
  toDomain: (row: SessionOrmEntity): Session => pick<Session>(row, sessionKeys),
  toOrm: (session: Session): SessionOrmEntity => pick(session, sessionKeys),
};
export const setupTokenMapper = {
  toDomain: (row: SetupTokenOrmEntity): SetupToken => pick<SetupToken>(row, setupTokenKeys),
  toOrm: (token: SetupToken): SetupTokenOrmEntity => pick(token, setupTokenKeys),
};
