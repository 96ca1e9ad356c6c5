import type { ProviderKind } from '@crucible/domain';

/** A connection as models and prices need it: never its secret. */
export interface ConnectionSummary {
  id: string;
  name: string;
  kind: ProviderKind;
}

/** The project's connections (the `environment` fallback among them when OPENAI_API_KEY is set), without secrets. */
export abstract class ProviderConnectionDirectory {
  /** The kinds the project has at least one connection of. */
  abstract kindsConnected(projectId: string): Promise<ProviderKind[]>;
  /** null when the project has no such connection. */
  abstract connectionById(projectId: string, id: string): Promise<ConnectionSummary | null>;
}
