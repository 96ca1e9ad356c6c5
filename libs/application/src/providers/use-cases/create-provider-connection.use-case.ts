import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Actor, type ProviderConnection, apiKeyHint, kindListsItsOwnModels } from '@crucible/domain';
import { OutboundGuard } from '../../outbound/ports';
import { ProviderConnectionRepository } from '../ports/provider-connection-repository.port';
import { SecretCipher } from '../ports/secret-cipher.port';
import { checkedBaseUrl, checkedConnectionName, checkedKind, requireFields } from '../checked-connection';
import { sealSecrets } from '../sealed-secrets';
import { TestProviderConnectionUseCase } from './test-provider-connection.use-case';
import { ProviderReadCache } from '../provider-read-cache';

export interface NewConnection {
  name: string;
  kind: string;
  apiKey?: string | null;
  baseUrl?: string | null;
  apiVersion?: string | null;
  headers?: Record<string, string> | null;
}

@Injectable()
export class CreateProviderConnectionUseCase {
  constructor(
    private readonly connections: ProviderConnectionRepository,
    private readonly cipher: SecretCipher,
    private readonly outbound: OutboundGuard,
    private readonly test: TestProviderConnectionUseCase,
    private readonly cache: ProviderReadCache,
  ) {}

  async execute(actor: Actor, input: NewConnection): Promise<ProviderConnection> {
    const name = checkedConnectionName(input.name);
    const kind = checkedKind(input.kind);
    const apiKey = input.apiKey?.trim() || undefined;
    requireFields(kind, { api_key: !!apiKey, base_url: !!input.baseUrl?.trim(), api_version: !!input.apiVersion?.trim() });
    const baseUrl = await checkedBaseUrl(this.outbound, input.baseUrl);
    const headers = input.headers ?? undefined;
    const connection: ProviderConnection = {
      id: randomUUID(), projectId: actor.projectId, name, kind, baseUrl, apiVersion: input.apiVersion?.trim() || null,
      apiKeyHint: apiKey ? apiKeyHint(apiKey) : null, headerNames: Object.keys(headers ?? {}),
      sealed: sealSecrets(this.cipher, { apiKey, headers }), listedModels: [], createdAt: new Date(), createdBy: actor.name,
    };
    await this.connections.create(connection);
    await this.cache.dropProject(actor.projectId);
    // Its server's models are offered at once (§15); a server not answering yet leaves the list empty until /test.
    if (kindListsItsOwnModels(kind)) {
      const probed = await this.test.execute(actor, connection.id);
      if (probed.ok) connection.listedModels = probed.models ?? [];
    }
    return connection;
  }
}
