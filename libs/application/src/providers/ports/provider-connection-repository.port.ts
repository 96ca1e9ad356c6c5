import type { ProviderConnection, ProviderKind, SealedSecret } from '@crucible/domain';

/** Every read and write is scoped to one project, except the two that rotation uses across them all. */
export abstract class ProviderConnectionRepository {
  /** A taken name within the project fails with a conflict naming it. */
  abstract create(connection: ProviderConnection): Promise<void>;
  /** Oldest first. */
  abstract list(projectId: string): Promise<ProviderConnection[]>;
  abstract findById(projectId: string, id: string): Promise<ProviderConnection | null>;
  /** The oldest connection of that kind in the project. */
  abstract firstOfKind(projectId: string, kind: ProviderKind): Promise<ProviderConnection | null>;
  /** A taken name fails with a conflict. */
  abstract update(connection: ProviderConnection): Promise<void>;
  abstract delete(projectId: string, id: string): Promise<boolean>;
  abstract setListedModels(projectId: string, id: string, models: string[]): Promise<void>;
  /** The models the project's openai_compatible and ollama servers listed, by connection (for GET /models). */
  abstract listedModels(projectId: string): Promise<Array<{ connectionId: string; connectionName: string; kind: ProviderKind; models: string[] }>>;
  /** Rotation: every sealed value of every project. */
  abstract allSealed(): Promise<Array<{ id: string; sealed: SealedSecret }>>;
  abstract replaceSealed(id: string, sealed: SealedSecret): Promise<void>;
}
