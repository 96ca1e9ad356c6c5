import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { type Base, type VariantRevision, type VariantView, DomainError } from '@crucible/domain';
import { type NewVariant, type Page, type PageRequest, type RevisionDraft, VariantRepository, mapPage } from '@crucible/application';
import { AppOrmEntity, BaseOrmEntity, VariantOrmEntity, VariantRevisionOrmEntity } from '../entities/registry.orm-entity';
import { EnvironmentOrmEntity } from '../entities/environment.orm-entity';
import { baseMapper, variantMapper, variantRevisionMapper } from '../mappers/registry.mapper';
import { conflictIfTaken, isForeignKeyViolation } from '../data-source/database-errors';
import { type KeyColumn, OLDEST_FIRST, keysetPage } from './keyset';

const BY_REVISION: readonly KeyColumn[] = [{ column: 'revision', type: 'int' }];

async function insertRevision(manager: EntityManager, revision: VariantRevision): Promise<void> {
  const revisions = manager.getRepository(VariantRevisionOrmEntity);
  await revisions.insert(revisions.create(variantRevisionMapper.toOrm(revision)));
}

@Injectable()
export class TypeOrmVariantRepository extends VariantRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async create(input: NewVariant): Promise<void> {
    await conflictIfTaken(`variant "${input.variant.name}" (or base "${input.base.name}") already exists in this app`, async () => {
      await this.dataSource.transaction(async (manager) => {
        const bases = manager.getRepository(BaseOrmEntity);
        const variants = manager.getRepository(VariantOrmEntity);
        if (input.baseIsNew) await bases.insert(bases.create(baseMapper.toOrm(input.base)));
        await variants.insert(variants.create(variantMapper.toOrm(input.variant)));
        await insertRevision(manager, input.revision);
      });
    });
  }

  async findView(projectId: string, variantId: string): Promise<VariantView | null> {
    const variant = await this.dataSource.getRepository(VariantOrmEntity).findOneBy({ id: variantId, projectId });
    if (!variant) return null;
    const [view] = await this.toViews(projectId, [variant]);
    return view ?? null;
  }

  async listViews(projectId: string, appId: string, page: PageRequest): Promise<Page<VariantView>> {
    const query = this.dataSource.getRepository(VariantOrmEntity).createQueryBuilder('v')
      .where('v.project_id = :projectId AND v.app_id = :appId', { projectId, appId });
    const variants = await keysetPage(query, OLDEST_FIRST, page);
    return { items: await this.toViews(projectId, variants.items), nextCursor: variants.nextCursor };
  }

  /** Three queries whatever the number of variants: bases, apps, latest revisions. */
  private async toViews(projectId: string, variants: VariantOrmEntity[]): Promise<VariantView[]> {
    if (variants.length === 0) return [];
    const [bases, apps, revisions] = await Promise.all([
      this.dataSource.getRepository(BaseOrmEntity).findBy({ projectId, id: In(variants.map((v) => v.baseId)) }),
      this.dataSource.getRepository(AppOrmEntity).findBy({ projectId, id: In(variants.map((v) => v.appId)) }),
      this.dataSource.getRepository(VariantRevisionOrmEntity).createQueryBuilder('r')
        .where('r.project_id = :projectId', { projectId })
        .andWhere('(r.variant_id, r.revision) IN (SELECT v.id, v.revision FROM variants v WHERE v.id = ANY(:ids))', {
          ids: variants.map((v) => v.id),
        })
        .getMany(),
    ]);
    return variants.flatMap((variant) => {
      const base = bases.find((b) => b.id === variant.baseId);
      const app = apps.find((a) => a.id === variant.appId);
      const latest = revisions.find((r) => r.variantId === variant.id);
      if (!base || !app || !latest) return [];
      return [{
        variant: variantMapper.toDomain(variant),
        appName: app.name,
        base: baseMapper.toDomain(base),
        latest: variantRevisionMapper.toDomain(latest),
      }];
    });
  }

  async findBase(projectId: string, baseId: string): Promise<Base | null> {
    const row = await this.dataSource.getRepository(BaseOrmEntity).findOneBy({ id: baseId, projectId });
    return row ? baseMapper.toDomain(row) : null;
  }

  async findBaseByName(projectId: string, appId: string, name: string): Promise<Base | null> {
    const row = await this.dataSource.getRepository(BaseOrmEntity).findOneBy({ projectId, appId, name });
    return row ? baseMapper.toDomain(row) : null;
  }

  async appendRevision(projectId: string, variantId: string, draft: RevisionDraft): Promise<VariantRevision> {
    return this.dataSource.transaction(async (manager) => {
      // The row lock serialises concurrent appends; the unique (variant_id, revision) is the backstop.
      const variant = await manager.getRepository(VariantOrmEntity).findOne({
        where: { id: variantId, projectId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!variant) throw DomainError.notFound('variant', variantId);
      const now = new Date();
      const revision: VariantRevision = {
        id: crypto.randomUUID(), projectId, variantId, revision: variant.revision + 1, configName: draft.configName,
        parameters: draft.parameters, commitMessage: draft.commitMessage, modifiedById: draft.modifiedById,
        modifiedBy: draft.modifiedBy, createdAt: now,
      };
      await insertRevision(manager, revision);
      await manager.update(VariantOrmEntity, { id: variantId }, {
        revision: revision.revision, configName: draft.configName, updatedAt: now, modifiedById: draft.modifiedById,
      });
      return revision;
    });
  }

  async listRevisions(projectId: string, variantId: string, page: PageRequest): Promise<Page<VariantRevision>> {
    const query = this.dataSource.getRepository(VariantRevisionOrmEntity).createQueryBuilder('r')
      .where('r.project_id = :projectId AND r.variant_id = :variantId', { projectId, variantId });
    return mapPage(await keysetPage(query, BY_REVISION, page), variantRevisionMapper.toDomain);
  }

  async findRevision(projectId: string, variantId: string, revision: number): Promise<VariantRevision | null> {
    const row = await this.dataSource.getRepository(VariantRevisionOrmEntity).findOneBy({ projectId, variantId, revision });
    return row ? variantRevisionMapper.toDomain(row) : null;
  }

  async findRevisionsByIds(projectId: string, revisionIds: string[]): Promise<VariantRevision[]> {
    if (revisionIds.length === 0) return [];
    const rows = await this.dataSource.getRepository(VariantRevisionOrmEntity).findBy({ projectId, id: In(revisionIds) });
    return rows.map(variantRevisionMapper.toDomain);
  }

  async delete(projectId: string, variantId: string): Promise<void> {
    const deployedTo = await this.dataSource.getRepository(EnvironmentOrmEntity).findBy({ projectId, deployedVariantId: variantId });
    if (deployedTo.length > 0) {
      throw new DomainError('conflict', `variant ${variantId} is deployed to ${deployedTo.map((e) => e.name).join(', ')}; deploy another variant first`);
    }
    try {
      await this.dataSource.getRepository(VariantOrmEntity).delete({ id: variantId, projectId });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new DomainError('conflict', `variant ${variantId} was deployed meanwhile`);
      throw error;
    }
  }
}
