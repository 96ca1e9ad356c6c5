// Wire shapes the console reads where the OpenAPI document does not declare the answer yet (libs/client's
// types take over as response schemas are added; see unwrap()).
export interface AppSummary { app_id: string; app_name: string; project_id: string; created_at: string; updated_at: string }
export interface Variant {
  app_id: string; app_name: string; variant_id: string; variant_name: string; base_name: string; base_id: string;
  config_name: string; uri?: string; revision: number; created_at?: string; updated_at?: string;
}
export interface VariantRevision {
  id: string; variant_id: string; revision: number; config_name: string; parameters: Record<string, unknown>;
  commit_message: string | null; modified_by: string; created_at: string;
}
export interface Environment {
  name: string; app_id: string; deployed_app_variant_id: string | null; deployed_variant_name: string | null;
  deployed_app_variant_revision_id: string | null; revision: number | null;
}
export interface EnvironmentRevision {
  id: string; revision: number; modified_by: string; deployed_app_variant_revision?: string; deployed_variant_revision?: number;
  commit_message?: string; created_at: string; deployed_variant_name?: string;
}
export interface EnvironmentHistory extends Environment { revisions: EnvironmentRevision[] }
export interface CurrentProject { project_id: string; name: string; api_key: { id: string; name: string } }
