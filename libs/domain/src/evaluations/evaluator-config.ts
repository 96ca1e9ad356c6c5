export interface EvaluatorConfig {
  id: string;
  projectId: string;
  appId: string | null;
  name: string;
  evaluatorKey: string;
  settingsValues: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}
