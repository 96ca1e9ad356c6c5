import { type PinnedRevision, DomainError, playgroundEndpoint } from '@crucible/domain';
import type { VariantRepository } from '../registry/ports';

/**
 * Resolves revision ids to what a run invokes: each revision's parameters and its variant's playground
 * endpoint, in the order given. Missing (or another project's) → 404; a revision of another app → 400.
 */
export async function pinRevisions(
  variants: VariantRepository,
  projectId: string,
  appId: string,
  revisionIds: string[],
): Promise<PinnedRevision[]> {
  const revisions = await variants.findRevisionsByIds(projectId, revisionIds);
  const pinned: PinnedRevision[] = [];
  for (const revisionId of revisionIds) {
    const revision = revisions.find((r) => r.id === revisionId);
    const view = revision && (await variants.findView(projectId, revision.variantId));
    if (!revision || !view) throw DomainError.notFound('variant revision', revisionId);
    if (view.variant.appId !== appId) {
      throw new DomainError('rule_violation', `revision ${revisionId} belongs to another app than ${appId}`);
    }
    pinned.push({
      variantId: view.variant.id, variantName: view.variant.name, variantRevisionId: revision.id,
      revision: revision.revision, parameters: revision.parameters, invocationUrl: playgroundEndpoint(view.base),
    });
  }
  return pinned;
}
