import { randomUUID } from 'node:crypto';
import { type Base, type Variant, type VariantRevision, type VariantView, DomainError } from '@crucible/domain';
import { type NewVariant, type RevisionDraft, VariantRepository } from '../registry/ports';
import { type Page, type PageRequest, pageOfList } from '../shared/page';
import type { InMemoryAppRepository } from './in-memory-app.repository';
import type { InMemoryEnvironmentRepository } from './in-memory-environment.repository';

export class InMemoryVariantRepository extends VariantRepository {
  readonly bases: Base[] = [];
  readonly variants: Variant[] = [];
  readonly revisions: VariantRevision[] = [];

  constructor(
    private readonly apps: InMemoryAppRepository,
    private readonly environments: InMemoryEnvironmentRepository,
  ) {
    super();
  }

  async create(input: NewVariant): Promise<void> {
    const { base, variant, revision } = input;
    if (this.variants.some((v) => v.appId === variant.appId && v.name === variant.name)) {
      throw new DomainError('conflict', `variant "${variant.name}" already exists`);
    }
    if (input.baseIsNew) this.bases.push(base);
    this.variants.push(variant);
    this.revisions.push(revision);
  }

  async findView(projectId: string, variantId: string): Promise<VariantView | null> {
    const variant = this.variants.find((v) => v.projectId === projectId && v.id === variantId);
    return variant ? this.view(variant) : null;
  }

  async listViews(projectId: string, appId: string, page: PageRequest): Promise<Page<VariantView>> {
    const views = this.variants.filter((v) => v.projectId === projectId && v.appId === appId).map((v) => this.view(v));
    return pageOfList(views, page, (v) => v.variant.id);
  }

  async findBase(projectId: string, baseId: string): Promise<Base | null> {
    return this.bases.find((b) => b.projectId === projectId && b.id === baseId) ?? null;
  }

  async findBaseByName(projectId: string, appId: string, name: string): Promise<Base | null> {
    return this.bases.find((b) => b.projectId === projectId && b.appId === appId && b.name === name) ?? null;
  }

  async appendRevision(projectId: string, variantId: string, draft: RevisionDraft): Promise<VariantRevision> {
    const variant = this.variants.find((v) => v.projectId === projectId && v.id === variantId);
    if (!variant) throw DomainError.notFound('variant', variantId);
    const revision: VariantRevision = {
      id: randomUUID(), projectId, variantId, revision: variant.revision + 1, configName: draft.configName,
      parameters: draft.parameters, commitMessage: draft.commitMessage, modifiedById: draft.modifiedById,
      modifiedBy: draft.modifiedBy, createdAt: new Date(),
    };
    this.revisions.push(revision);
    Object.assign(variant, { revision: revision.revision, configName: draft.configName, updatedAt: revision.createdAt });
    return revision;
  }

  async listRevisions(projectId: string, variantId: string, page: PageRequest): Promise<Page<VariantRevision>> {
    return pageOfList(this.revisions.filter((r) => r.projectId === projectId && r.variantId === variantId), page, (r) => r.id);
  }

  async findRevision(projectId: string, variantId: string, revision: number): Promise<VariantRevision | null> {
    return this.revisions.find((r) => r.projectId === projectId && r.variantId === variantId && r.revision === revision) ?? null;
  }

  async findRevisionsByIds(projectId: string, revisionIds: string[]): Promise<VariantRevision[]> {
    return this.revisions.filter((r) => r.projectId === projectId && revisionIds.includes(r.id));
  }

  async delete(projectId: string, variantId: string): Promise<void> {
    if (this.environments.environments.some((e) => e.projectId === projectId && e.deployedVariantId === variantId)) {
      throw new DomainError('conflict', `variant ${variantId} is deployed`);
    }
    const index = this.variants.findIndex((v) => v.projectId === projectId && v.id === variantId);
    if (index >= 0) this.variants.splice(index, 1);
  }

  private view(variant: Variant): VariantView {
    const app = this.apps.apps.find((a) => a.id === variant.appId);
    const base = this.bases.find((b) => b.id === variant.baseId)!;
    const latest = this.revisions.find((r) => r.variantId === variant.id && r.revision === variant.revision)!;
    return { variant, appName: app?.name ?? '', base, latest };
  }
}
