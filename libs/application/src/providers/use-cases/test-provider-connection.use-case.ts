import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, PROVIDER_KIND_SPECS, kindListsItsOwnModels } from '@crucible/domain';
import { ConnectionCredentialsSource } from '../ports/connection-credentials.port';
import { ProviderConnectionRepository } from '../ports/provider-connection-repository.port';
import { type ProbeResult, ProviderProbe } from '../ports/provider-probe.port';
import { ProviderReadCache } from '../provider-read-cache';

/** Models kept per connection: a server listing thousands would bloat every GET /models. */
const MAX_LISTED_MODELS = 500;

@Injectable()
export class TestProviderConnectionUseCase {
  constructor(
    private readonly credentials: ConnectionCredentialsSource,
    private readonly connections: ProviderConnectionRepository,
    private readonly probe: ProviderProbe,
    private readonly cache: ProviderReadCache,
  ) {}

  /** A refusal is `ok: false` with the provider's status, not an error of this route (§15). */
  async execute(actor: Actor, id: string): Promise<ProbeResult> {
    const opened = await this.credentials.open(actor.projectId, { connectionId: id });
    if (!opened) throw DomainError.notFound('provider connection', id);
    const result = await this.probe.probe(opened, PROVIDER_KIND_SPECS[opened.kind].defaultBaseUrl);
    if (result.ok && kindListsItsOwnModels(opened.kind)) {
      await this.connections.setListedModels(actor.projectId, id, (result.models ?? []).slice(0, MAX_LISTED_MODELS));
      // What the server lists names models prompts may call.
      await this.cache.dropProject(actor.projectId);
    }
    return result;
  }
}
