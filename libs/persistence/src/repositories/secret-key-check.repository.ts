import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SealedSecret } from '@crucible/domain';
import { SecretKeyCheckRepository } from '@crucible/application';
import { SecretKeyCheckOrmEntity } from '../entities/provider.orm-entity';
import { SECRET_KEY_CHECK_INSERT } from './provider-connection.sql';

/** The single row (id 1) of the key check. */
@Injectable()
export class TypeOrmSecretKeyCheckRepository extends SecretKeyCheckRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async read(): Promise<SealedSecret | null> {
    const row = await this.dataSource.getRepository(SecretKeyCheckOrmEntity).findOneBy({ id: 1 });
    return row ? { keyId: row.keyId, ciphertext: row.ciphertext } : null;
  }

  async create(sealed: SealedSecret): Promise<void> {
    // Two processes starting at once on a fresh database: the first one's check stands, the other verifies it.
    await this.dataSource.query(SECRET_KEY_CHECK_INSERT, [sealed.keyId, sealed.ciphertext]);
  }

  async replace(sealed: SealedSecret): Promise<void> {
    await this.dataSource.getRepository(SecretKeyCheckOrmEntity).save({ id: 1, keyId: sealed.keyId, ciphertext: sealed.ciphertext });
  }
}
