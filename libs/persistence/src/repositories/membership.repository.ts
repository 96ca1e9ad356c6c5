import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Membership, Project, ProjectRole } from '@crucible/domain';
import { type MemberProject, MembershipRepository } from '@crucible/application';
import { MembershipOrmEntity } from '../entities/account.orm-entity';
import { ProjectOrmEntity } from '../entities/access.orm-entity';
import { membershipMapper } from '../mappers/account.mapper';
import { projectMapper } from '../mappers/registry.mapper';
import { conflictIfTaken } from '../data-source/database-errors';

interface ProjectOfUserRow {
  id: string;
  name: string;
  created_at: Date;
  role: ProjectRole;
}

@Injectable()
export class TypeOrmMembershipRepository extends MembershipRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async listProjectsOf(userId: string): Promise<MemberProject[]> {
    const rows: ProjectOfUserRow[] = await this.dataSource.query(
      `SELECT p.id, p.name, p.created_at, m.role FROM memberships m JOIN projects p ON p.id = m.project_id
       WHERE m.user_id = $1 ORDER BY m.joined_at, p.id`, [userId]);
    return rows.map((row) => ({ project: { id: row.id, name: row.name, createdAt: new Date(row.created_at) }, role: row.role }));
  }

  async findRole(projectId: string, userId: string): Promise<ProjectRole | null> {
    const row = await this.dataSource.getRepository(MembershipOrmEntity).findOneBy({ projectId, userId });
    return row?.role ?? null;
  }

  async add(membership: Membership): Promise<void> {
    const memberships = this.dataSource.getRepository(MembershipOrmEntity);
    await conflictIfTaken(`user ${membership.userId} is a member of project ${membership.projectId} already`,
      () => memberships.insert(memberships.create(membershipMapper.toOrm(membership))));
  }

  async createProjectWithOwner(project: Project, owner: Membership): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const projects = manager.getRepository(ProjectOrmEntity);
      const memberships = manager.getRepository(MembershipOrmEntity);
      await projects.insert(projects.create(projectMapper.toOrm(project)));
      await memberships.insert(memberships.create(membershipMapper.toOrm(owner)));
    });
  }
}
