import { randomUUID } from 'node:crypto';
import { type Environment, type EnvironmentRevision, DomainError } from '@crucible/domain';
import { type Deployment, EnvironmentRepository } from '../environments/ports';
import { type Page, type PageRequest, pageOfList } from '../shared/page';

/** Numbers revisions 1, 2, 3 … per environment and points the environment at the latest, as the database does. */
export class InMemoryEnvironmentRepository extends EnvironmentRepository {
  readonly environments: Environment[] = [];
  readonly revisions: EnvironmentRevision[] = [];

  async list(projectId: string, appId: string, page: PageRequest): Promise<Page<Environment>> {
    return pageOfList(this.environments.filter((e) => e.projectId === projectId && e.appId === appId), page, (e) => e.id);
  }

  async findByName(projectId: string, appId: string, name: string): Promise<Environment | null> {
    return this.environments.find((e) => e.projectId === projectId && e.appId === appId && e.name === name) ?? null;
  }

  async findById(projectId: string, environmentId: string): Promise<Environment | null> {
    return this.environments.find((e) => e.projectId === projectId && e.id === environmentId) ?? null;
  }

  async appendRevision(projectId: string, environmentId: string, deployment: Deployment): Promise<EnvironmentRevision> {
    const environment = await this.findById(projectId, environmentId);
    if (!environment) throw DomainError.notFound('environment', environmentId);
    const revision: EnvironmentRevision = {
      id: randomUUID(), projectId, environmentId, revision: (environment.revision ?? 0) + 1,
      deployedVariantId: deployment.variantId, deployedVariantName: deployment.variantName,
      deployedVariantRevisionId: deployment.variantRevisionId, deployedVariantRevision: deployment.variantRevision,
      commitMessage: deployment.commitMessage, modifiedById: deployment.modifiedById, modifiedBy: deployment.modifiedBy,
      createdAt: new Date(),
    };
    this.revisions.push(revision);
    Object.assign(environment, {
      revision: revision.revision, deployedVariantId: deployment.variantId, deployedVariantName: deployment.variantName,
      deployedVariantRevisionId: deployment.variantRevisionId,
    });
    return revision;
  }

  async history(projectId: string, environmentId: string): Promise<EnvironmentRevision[]> {
    return this.revisions.filter((r) => r.projectId === projectId && r.environmentId === environmentId);
  }

  async findRevisionById(projectId: string, environmentRevisionId: string): Promise<EnvironmentRevision | null> {
    return this.revisions.find((r) => r.projectId === projectId && r.id === environmentRevisionId) ?? null;
  }
}
