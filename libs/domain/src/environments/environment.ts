export const DEFAULT_ENVIRONMENTS = ['development', 'staging', 'production'] as const;

export interface Environment {
  id: string;
  projectId: string;
  appId: string;
  name: string;
  deployedVariantId: string | null;
  deployedVariantName: string | null;
  deployedVariantRevisionId: string | null;
  /** Number of the latest environment revision, null before the first deployment. */
  revision: number | null;
  createdAt: Date;
}

/** One deployment (or revert) of an environment; numbered 1, 2, 3 … and never reused. */
export interface EnvironmentRevision {
  id: string;
  projectId: string;
  environmentId: string;
  revision: number;
  deployedVariantId: string | null;
  deployedVariantName: string | null;
  deployedVariantRevisionId: string | null;
  deployedVariantRevision: number | null;
  commitMessage: string | null;
  modifiedById: string | null;
  modifiedBy: string;
  createdAt: Date;
}

export interface EnvironmentHistory {
  environment: Environment;
  revisions: EnvironmentRevision[];
}
