import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type ProviderConnection, apiKeyHint } from '@crucible/domain';
import { OutboundGuard } from '../../outbound/ports';
import { ProviderConnectionRepository } from '../ports/provider-connection-repository.port';
import { SecretCipher } from '../ports/secret-cipher.port';
import { checkedBaseUrl, checkedConnectionName, requireFields } from '../checked-connection';
import { openSecrets, sealSecrets } from '../sealed-secrets';
import { refuseReadOnly } from './get-provider-connection.use-case';
import { ProviderReadCache } from '../provider-read-cache';

/** Absent fields stay; `null` clears an optional one (a required one cannot be cleared). */
export interface ConnectionChanges {
  name?: string;
  apiKey?: string | null;
  baseUrl?: string | null;
  apiVersion?: string | null;
  headers?: Record<string, string> | null;
}

@Injectable()
export class UpdateProviderConnectionUseCase {
  constructor(
    private readonly connections: ProviderConnectionRepository,
    private readonly cipher: SecretCipher,
    private readonly outbound: OutboundGuard,
    private readonly cache: ProviderReadCache,
  ) {}

  async execute(actor: Actor, id: string, changes: ConnectionChanges): Promise<ProviderConnection> {
    refuseReadOnly(id);
    const current = await this.connections.findById(actor.projectId, id);
    if (!current) throw DomainError.notFound('provider connection', id);
    const secretsChange = changes.apiKey !== undefined || changes.headers !== undefined;
    const secrets = secretsChange ? openSecrets(this.cipher, current.sealed) : {};
    const apiKey = changes.apiKey === undefined ? secrets.apiKey : changes.apiKey?.trim() || undefined;
    const headers = changes.headers === undefined ? secrets.headers : changes.headers ?? undefined;
    const baseUrl = changes.baseUrl === undefined ? current.baseUrl : await checkedBaseUrl(this.outbound, changes.baseUrl);
    const apiVersion = changes.apiVersion === undefined ? current.apiVersion : changes.apiVersion?.trim() || null;
    requireFields(current.kind, {
      api_key: secretsChange ? !!apiKey : current.apiKeyHint !== null, base_url: !!baseUrl, api_version: !!apiVersion,
    });
    const updated: ProviderConnection = {
      ...current,
      name: changes.name === undefined ? current.name : checkedConnectionName(changes.name),
      baseUrl, apiVersion,
      ...(secretsChange ? {
        apiKeyHint: apiKey ? apiKeyHint(apiKey) : null, headerNames: Object.keys(headers ?? {}),
        sealed: sealSecrets(this.cipher, { apiKey, headers }),
      } : {}),
    };
    await this.connections.update(updated);
    await this.cache.dropProject(actor.projectId);
    return updated;
  }
}
