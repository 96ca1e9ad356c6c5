import type { Base, Parameters, Variant, VariantRevision, VariantView } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

export interface NewVariant {
  /** A new base (from-service) or an existing one (from-base). */
  base: Base;
  baseIsNew: boolean;
  variant: Variant;
  revision: VariantRevision;
}

export interface RevisionDraft {
  parameters: Parameters;
  configName: string;
  commitMessage: string | null;
  modifiedById: string;
  modifiedBy: string;
}

export abstract class VariantRepository {
  /** A taken variant or base name fails with a conflict. */
  abstract create(input: NewVariant): Promise<void>;
  abstract findView(projectId: string, variantId: string): Promise<VariantView | null>;
  /** Oldest first (then id), one keyset page. */
  abstract listViews(projectId: string, appId: string, page: PageRequest): Promise<Page<VariantView>>;
  abstract findBase(projectId: string, baseId: string): Promise<Base | null>;
  abstract findBaseByName(projectId: string, appId: string, name: string): Promise<Base | null>;
  /** Allocates the next revision number atomically: concurrent appends never share or skip a number. */
  abstract appendRevision(projectId: string, variantId: string, draft: RevisionDraft): Promise<VariantRevision>;
  /** By revision number, one keyset page. */
  abstract listRevisions(projectId: string, variantId: string, page: PageRequest): Promise<Page<VariantRevision>>;
  abstract findRevision(projectId: string, variantId: string, revision: number): Promise<VariantRevision | null>;
  abstract findRevisionsByIds(projectId: string, revisionIds: string[]): Promise<VariantRevision[]>;
  /** Fails with a conflict while an environment has the variant deployed. */
  abstract delete(projectId: string, variantId: string): Promise<void>;
}
