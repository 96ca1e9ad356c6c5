import { Injectable } from '@nestjs/common';
import type { Actor, Environment } from '@crucible/domain';
import { EnvironmentRepository } from '../ports';

/** The environment an environment revision belongs to, in the caller's project: what a revert would change. */
@Injectable()
export class FindEnvironmentOfRevisionUseCase {
  constructor(private readonly environments: EnvironmentRepository) {}

  async execute(actor: Actor, environmentRevisionId: string): Promise<Environment | null> {
    const revision = await this.environments.findRevisionById(actor.projectId, environmentRevisionId);
    return revision ? this.environments.findById(actor.projectId, revision.environmentId) : null;
  }
}
