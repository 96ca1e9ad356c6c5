import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { type Invitation, type Membership, type User, invitationState, normalizeEmail } from '@crucible/domain';
import { type InvitationRedemption, InvitationRepository, type Page, type PageRequest, mapPage } from '@crucible/application';
import { InvitationOrmEntity, MembershipOrmEntity, UserOrmEntity } from '../entities/account.orm-entity';
import { invitationMapper } from '../mappers/invitation.mapper';
import { membershipMapper, userMapper } from '../mappers/account.mapper';
import { conflictIfTaken } from '../data-source/database-errors';
import { OLDEST_FIRST, keysetPage } from './keyset';

@Injectable()
export class TypeOrmInvitationRepository extends InvitationRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async create(invitation: Invitation): Promise<void> {
    const invitations = this.dataSource.getRepository(InvitationOrmEntity);
    await invitations.insert(invitations.create(invitationMapper.toOrm(invitation)));
  }

  async findByTokenHash(tokenHash: string): Promise<Invitation | null> {
    const row = await this.dataSource.getRepository(InvitationOrmEntity).findOneBy({ tokenHash });
    return row ? invitationMapper.toDomain(row) : null;
  }

  async listPending(projectId: string, now: Date, page: PageRequest): Promise<Page<Invitation>> {
    const query = this.pending(projectId, now);
    return mapPage(await keysetPage(query, OLDEST_FIRST, page), invitationMapper.toDomain);
  }

  async findPendingFor(projectId: string, email: string, now: Date): Promise<Invitation | null> {
    const row = await this.pending(projectId, now).andWhere('lower(i.email) = :email', { email: normalizeEmail(email) })
      .orderBy('i.created_at').getOne();
    return row ? invitationMapper.toDomain(row) : null;
  }

  async listPendingForEmail(email: string, now: Date): Promise<Invitation[]> {
    const rows = await this.dataSource.getRepository(InvitationOrmEntity).createQueryBuilder('i')
      .where('lower(i.email) = :email', { email: normalizeEmail(email) })
      .andWhere('i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > :now', { now })
      .orderBy('i.created_at').addOrderBy('i.id').getMany();
    return rows.map(invitationMapper.toDomain);
  }

  async revoke(projectId: string, invitationId: string, at: Date): Promise<boolean> {
    const result = await this.dataSource.getRepository(InvitationOrmEntity).createQueryBuilder().update()
      .set({ revokedAt: at })
      .where({ id: invitationId, projectId, acceptedAt: IsNull(), revokedAt: IsNull() })
      .andWhere('expires_at > :at', { at })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  redeem(invitationId: string, at: Date, newUser: User | null, membership: Membership): Promise<InvitationRedemption> {
    return this.dataSource.transaction(async (manager) => {
      // Two browsers accepting one link at once: the row lock makes the second see the first's acceptance.
      const row = await manager.getRepository(InvitationOrmEntity).createQueryBuilder('i')
        .setLock('pessimistic_write').where('i.id = :invitationId', { invitationId }).getOne();
      if (!row) return 'unknown';
      if (invitationState(invitationMapper.toDomain(row), at) !== 'pending') return 'unusable';
      if (newUser) await insertUser(manager, newUser);
      const memberships = manager.getRepository(MembershipOrmEntity);
      await conflictIfTaken(`${row.email} is a member of this project already: sign in instead`,
        () => memberships.insert(memberships.create(membershipMapper.toOrm(membership))));
      await manager.getRepository(InvitationOrmEntity).update({ id: invitationId }, { acceptedAt: at });
      return 'accepted';
    });
  }

  private pending(projectId: string, now: Date) {
    return this.dataSource.getRepository(InvitationOrmEntity).createQueryBuilder('i')
      .where('i.project_id = :projectId', { projectId })
      .andWhere('i.accepted_at IS NULL').andWhere('i.revoked_at IS NULL')
      .andWhere('i.expires_at > :now', { now });
  }
}

function insertUser(manager: EntityManager, user: User): Promise<unknown> {
  const users = manager.getRepository(UserOrmEntity);
  return conflictIfTaken(`an account with the email ${user.email} exists already: sign in and open the link again`,
    () => users.insert(users.create(userMapper.toOrm(user))));
}
