import type { ProviderConnection } from '@crucible/domain';
import type { ProviderConnectionOrmEntity } from '../entities/provider.orm-entity';
import { pick } from './pick';

type ConnectionColumns = Omit<ProviderConnection, 'sealed'>;
const connectionKeys: Array<keyof ConnectionColumns> = [
  'id', 'projectId', 'name', 'kind', 'baseUrl', 'apiVersion', 'apiKeyHint', 'headerNames', 'listedModels', 'createdAt', 'createdBy',
];

/** The sealed secret is two columns, both set or both null. */
export const providerConnectionMapper = {
  toDomain: (row: ProviderConnectionOrmEntity): ProviderConnection => ({
    ...pick<ConnectionColumns>(row, connectionKeys),
    sealed: row.secretKeyId && row.secretCiphertext ? { keyId: row.secretKeyId, ciphertext: row.secretCiphertext } : null,
  }),
  toOrm: (connection: ProviderConnection): ProviderConnectionOrmEntity => ({
    ...pick<ConnectionColumns>(connection, connectionKeys),
    secretKeyId: connection.sealed?.keyId ?? null, secretCiphertext: connection.sealed?.ciphertext ?? null,
  }),
};
