import { randomUUID } from 'node:crypto';
import type { Actor, Base, Parameters, Variant, VariantRevision } from '@crucible/domain';

/** A new variant of `base` and its revision 1, both made by `actor`. */
export function newVariantRecords(actor: Actor, base: Base, input: {
  variantName: string; configName: string; parameters: Parameters; commitMessage: string | null;
}): { variant: Variant; revision: VariantRevision } {
  const now = new Date();
  const variantId = randomUUID();
  return {
    variant: {
      id: variantId, projectId: actor.projectId, appId: base.appId, baseId: base.id, name: input.variantName,
      configName: input.configName, revision: 1, createdAt: now, updatedAt: now, modifiedById: actor.id,
    },
    revision: {
      id: randomUUID(), projectId: actor.projectId, variantId, revision: 1, configName: input.configName,
      parameters: input.parameters, commitMessage: input.commitMessage, modifiedById: actor.id,
      modifiedBy: actor.name, createdAt: now,
    },
  };
}
