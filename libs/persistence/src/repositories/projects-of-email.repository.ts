import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { normalizeEmail } from '@crucible/domain';
import { type MembershipOfEmail, ProjectsOfEmail } from '@crucible/application';

interface MembershipOfEmailRow {
  project_id: string;
  user_id: string;
  user_name: string;
}

/** The audit context's view of the accounts tables: the memberships of the account with an address. */
@Injectable()
export class TypeOrmProjectsOfEmail extends ProjectsOfEmail {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async find(email: string): Promise<MembershipOfEmail[]> {
    // lower(email) is what the users' unique index holds, as UserRepository.findByEmail reads it.
    const rows: MembershipOfEmailRow[] = await this.dataSource.query(
      `SELECT m.project_id, u.id AS user_id, u.name AS user_name FROM users u JOIN memberships m ON m.user_id = u.id
       WHERE lower(u.email) = $1 ORDER BY m.joined_at, m.project_id`, [normalizeEmail(email)]);
    return rows.map((row) => ({ projectId: row.project_id, userId: row.user_id, userName: row.user_name }));
  }
}
