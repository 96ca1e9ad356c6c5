import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Membership, SetupToken, User } from '@crucible/domain';
import { type SetupRedemption, SetupTokenRepository } from '@crucible/application';
import { MembershipOrmEntity, SetupTokenOrmEntity, UserOrmEntity } from '../entities/account.orm-entity';
import { membershipMapper, setupTokenMapper, userMapper } from '../mappers/account.mapper';

@Injectable()
export class TypeOrmSetupTokenRepository extends SetupTokenRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async create(token: SetupToken): Promise<void> {
    const tokens = this.dataSource.getRepository(SetupTokenOrmEntity);
    await tokens.insert(tokens.create(setupTokenMapper.toOrm(token)));
  }

  async find(tokenHash: string): Promise<SetupToken | null> {
    const row = await this.dataSource.getRepository(SetupTokenOrmEntity).findOneBy({ tokenHash });
    return row ? setupTokenMapper.toDomain(row) : null;
  }

  redeem(tokenHash: string, at: Date, user: User, owner: Membership): Promise<SetupRedemption> {
    return this.dataSource.transaction(async (manager) => {
      // Two links printed by two api processes, used at once: the lock makes the second see the first's account.
      await manager.query('LOCK TABLE setup_tokens IN SHARE ROW EXCLUSIVE MODE');
      const token = await manager.getRepository(SetupTokenOrmEntity).findOneBy({ tokenHash });
      if (!token) return 'unknown';
      const someone: unknown[] = await manager.query('SELECT 1 FROM users LIMIT 1');
      if (token.usedAt || someone.length > 0) return 'used';
      await manager.getRepository(SetupTokenOrmEntity).update({ tokenHash }, { usedAt: at });
      const users = manager.getRepository(UserOrmEntity);
      await users.insert(users.create(userMapper.toOrm(user)));
      const memberships = manager.getRepository(MembershipOrmEntity);
      await memberships.insert(memberships.create(membershipMapper.toOrm(owner)));
      return 'redeemed';
    });
  }
}
