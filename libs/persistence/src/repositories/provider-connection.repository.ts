import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProviderConnectionRepository } from '@crucible/application';
import { type ProviderConnection, type ProviderKind, type SealedSecret, kindListsItsOwnModels } from '@crucible/domain';
import { ProviderConnectionOrmEntity } from '../entities/provider.orm-entity';
import { providerConnectionMapper } from '../mappers/provider-connection.mapper';
import { conflictIfTaken } from '../data-source/database-errors';

const taken = (name: string) => `name: a provider connection named "${name}" already exists in this project`;

@Injectable()
export class TypeOrmProviderConnectionRepository extends ProviderConnectionRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(ProviderConnectionOrmEntity);
  }

  async create(connection: ProviderConnection): Promise<void> {
    await conflictIfTaken(taken(connection.name), () => this.rows.insert(this.rows.create(providerConnectionMapper.toOrm(connection))));
  }

  async list(projectId: string): Promise<ProviderConnection[]> {
    const rows = await this.rows.find({ where: { projectId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(providerConnectionMapper.toDomain);
  }

  async findById(projectId: string, id: string): Promise<ProviderConnection | null> {
    const row = await this.rows.findOneBy({ projectId, id });
    return row ? providerConnectionMapper.toDomain(row) : null;
  }

  async firstOfKind(projectId: string, kind: ProviderKind): Promise<ProviderConnection | null> {
    const row = await this.rows.findOne({ where: { projectId, kind }, order: { createdAt: 'ASC', id: 'ASC' } });
    return row ? providerConnectionMapper.toDomain(row) : null;
  }

  async update(connection: ProviderConnection): Promise<void> {
    const { id, projectId, createdAt: _createdAt, createdBy: _createdBy, ...changes } = providerConnectionMapper.toOrm(connection);
    await conflictIfTaken(taken(connection.name), () => this.rows.update({ id, projectId }, changes));
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const result = await this.rows.delete({ projectId, id });
    return (result.affected ?? 0) > 0;
  }

  async setListedModels(projectId: string, id: string, models: string[]): Promise<void> {
    await this.rows.update({ projectId, id }, { listedModels: models });
  }

  async listedModels(projectId: string): Promise<Array<{ connectionId: string; connectionName: string; kind: ProviderKind; models: string[] }>> {
    const connections = await this.list(projectId);
    return connections.filter((c) => kindListsItsOwnModels(c.kind))
      .map((c) => ({ connectionId: c.id, connectionName: c.name, kind: c.kind, models: c.listedModels }));
  }

  async allSealed(): Promise<Array<{ id: string; sealed: SealedSecret }>> {
    const rows = await this.rows.createQueryBuilder('c').select(['c.id', 'c.secretKeyId', 'c.secretCiphertext'])
      .where('c.secret_ciphertext IS NOT NULL').orderBy('c.id').getMany();
    return rows.map((row) => ({ id: row.id, sealed: { keyId: row.secretKeyId ?? '', ciphertext: row.secretCiphertext ?? '' } }));
  }

  async replaceSealed(id: string, sealed: SealedSecret): Promise<void> {
    await this.rows.update({ id }, { secretKeyId: sealed.keyId, secretCiphertext: sealed.ciphertext });
  }
}
