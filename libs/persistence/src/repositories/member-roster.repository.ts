import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MemberChange, ProjectMember, ProjectRole } from '@crucible/domain';
import { type MemberChangeCheck, MemberRoster, type Page, type PageRequest, mapPage } from '@crucible/application';
import { MembershipOrmEntity, UserOrmEntity } from '../entities/account.orm-entity';
import { membershipMapper } from '../mappers/account.mapper';
import { type KeyColumn, keysetRawPage } from './keyset';

interface MemberRow {
  project_id: string;
  user_id: string;
  role: ProjectRole;
  joined_at: Date;
  email: string;
  name: string;
}

/** By join time, then user id: unique within a project's members. */
const BY_JOINING: readonly KeyColumn[] = [{ column: 'joined_at', type: 'timestamptz' }, { column: 'user_id', type: 'uuid' }];

@Injectable()
export class TypeOrmMemberRoster extends MemberRoster {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async list(projectId: string, page: PageRequest): Promise<Page<ProjectMember>> {
    const query = this.dataSource.getRepository(MembershipOrmEntity).createQueryBuilder('m')
      .innerJoin('users', 'u', 'u.id = m.user_id')
      .select(['m.project_id AS project_id', 'm.user_id AS user_id', 'm.role AS role', 'm.joined_at AS joined_at', 'u.email AS email', 'u.name AS name'])
      .where('m.project_id = :projectId', { projectId });
    return mapPage(await keysetRawPage<MemberRow>(query, BY_JOINING, page), (row) => ({
      projectId: row.project_id, userId: row.user_id, role: row.role, joinedAt: new Date(row.joined_at), email: row.email, name: row.name,
    }));
  }

  change(projectId: string, userId: string, change: MemberChange, check: MemberChangeCheck): Promise<ProjectMember | null> {
    return this.dataSource.transaction(async (manager) => {
      const memberships = manager.getRepository(MembershipOrmEntity);
      // Every membership of the project held until commit: two owners demoting each other wait for one another.
      const rows = await memberships.createQueryBuilder('m').setLock('pessimistic_write')
        .where('m.project_id = :projectId', { projectId }).getMany();
      const row = rows.find((candidate) => candidate.userId === userId);
      if (!row) return null;
      const user = await manager.getRepository(UserOrmEntity).findOneByOrFail({ id: userId });
      const before: ProjectMember = { ...membershipMapper.toDomain(row), email: user.email, name: user.name };
      check(before, rows.filter((candidate) => candidate.role === 'owner').length);
      if (change.kind === 'remove') await memberships.delete({ projectId, userId });
      else await memberships.update({ projectId, userId }, { role: change.role });
      return before;
    });
  }
}
