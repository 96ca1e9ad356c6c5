import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type User, normalizeEmail } from '@crucible/domain';
import { UserRepository } from '@crucible/application';
import { UserOrmEntity } from '../entities/account.orm-entity';
import { userMapper } from '../mappers/account.mapper';
import { conflictIfTaken } from '../data-source/database-errors';

@Injectable()
export class TypeOrmUserRepository extends UserRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findByEmail(email: string): Promise<User | null> {
    // lower(email) is what the unique index holds, so this reads it.
    const row = await this.dataSource.getRepository(UserOrmEntity).createQueryBuilder('u')
      .where('lower(u.email) = :email', { email: normalizeEmail(email) }).getOne();
    return row ? userMapper.toDomain(row) : null;
  }

  async findById(userId: string): Promise<User | null> {
    const row = await this.dataSource.getRepository(UserOrmEntity).findOneBy({ id: userId });
    return row ? userMapper.toDomain(row) : null;
  }

  async create(user: User): Promise<void> {
    const users = this.dataSource.getRepository(UserOrmEntity);
    await conflictIfTaken(`an account with the email ${user.email} exists already`, () => users.insert(users.create(userMapper.toOrm(user))));
  }

  async setPassword(userId: string, passwordHash: string | null): Promise<boolean> {
    const result = await this.dataSource.getRepository(UserOrmEntity).update({ id: userId }, { passwordHash });
    return (result.affected ?? 0) > 0;
  }

  async rename(userId: string, name: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(UserOrmEntity).update({ id: userId }, { name });
    return (result.affected ?? 0) > 0;
  }

  async any(): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM users LIMIT 1');
    return rows.length > 0;
  }
}
