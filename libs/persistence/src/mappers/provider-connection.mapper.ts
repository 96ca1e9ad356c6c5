import type { ProviderConnection, ProviderKind } from '@crucible/domain';
import { ProviderConnectionOrmEntity } from '../entities/provider.orm-entity';

export const providerConnectionMapper = {
  toDomain(row: ProviderConnectionOrmEntity): ProviderConnection {
    return {
      id: row.id, projectId: row.projectId, name: row.name, kind: row.kind as ProviderKind, baseUrl: row.baseUrl,
      apiVersion: row.apiVersion, apiKeyHint: row.apiKeyHint, headerNames: row.headerNames,
      sealed: row.secretKeyId && row.secretCiphertext ? { keyId: row.secretKeyId, ciphertext: row.secretCiphertext } : null,
      listedModels: row.listedModels, createdAt: row.createdAt, createdBy: row.createdBy,
    };
  },
  toOrm(connection: ProviderConnection): ProviderConnectionOrmEntity {
    return Object.assign(new ProviderConnectionOrmEntity(), {
      id: connection.id, projectId: connection.projectId, name: connection.name, kind: connection.kind, baseUrl: connection.baseUrl,
      apiVersion: connection.apiVersion, apiKeyHint: connection.apiKeyHint, headerNames: connection.headerNames,
      secretKeyId: connection.sealed?.keyId ?? null, secretCiphertext: connection.sealed?.ciphertext ?? null,
      listedModels: connection.listedModels, createdAt: connection.createdAt, createdBy: connection.createdBy,
    });
  },
};
