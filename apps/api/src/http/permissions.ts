import type { ProjectRole } from '@crucible/domain';

/** Where a deploy or revert names the environment it changes. */
export type EnvironmentOf =
  /** A field of the JSON body holding the environment's name. */
  | { bodyField: string }
  /** A path parameter holding an environment revision's id: the environment is the one that revision belongs to. */
  | { revisionParam: string };

/** The environment only admins change (ARCHITECTURE §17): an editor deploys anywhere else. */
export const PROTECTED_ENVIRONMENT = 'production';

export type Permission =
  | { public: true }
  /**
   * Any signed-in person or key, acting in no project in particular (`GET /auth/me`, `GET|POST /projects`); a key,
   * which belongs to one project, needs `keyRole` there.
   */
  | { anyCaller: true; keyRole?: ProjectRole }
  | {
    /** The least role that may call the operation. */
    role: ProjectRole;
    /** A deploy or revert: the role the protected environment needs instead, and where the request names it. */
    production?: { role: ProjectRole; environment: EnvironmentOf; doing: string };
  };

const reads: Permission = { role: 'viewer' };
const annotates: Permission = { role: 'annotator' };
const edits: Permission = { role: 'editor' };
const administers: Permission = { role: 'admin' };
/** API keys carry admin at most, so only a signed-in owner passes: deleting a project is a person's act, in the log by name. */
const owns: Permission = { role: 'owner' };

/**
 * Every operation of /openapi.json (`METHOD /path/{param}`, as the document spells it) and the least role it needs;
 * the one guard (RolesGuard) reads nothing else. permissions.spec.ts fails when an operation has no entry, or an
 * entry names no operation.
 *
 * Traces and the gateway are called by the services an SDK or CI key runs: those keys are editors, so ingesting and
 * invoking need the editor role (a viewer or annotator key only reads, votes and scores).
 */
export const PERMISSIONS: Record<string, Permission> = {
  'GET /health': { public: true },

  // accounts: sign-in and the first-run setup have no caller yet
  'POST /auth/sign-in': { public: true },
  'POST /auth/setup': { public: true },
  'POST /auth/accept-invitation': { public: true },
  'GET /auth/providers': { public: true },
  // single sign-on: navigated by the browser, so not in /openapi.json (permissions.spec.ts names them)
  'GET /auth/oidc/login': { public: true },
  'GET /auth/oidc/callback': { public: true },
  'POST /auth/sign-out': { anyCaller: true },
  'GET /auth/me': { anyCaller: true },

  // access: the project, its keys
  'GET /projects/current': reads,
  'GET /projects': { anyCaller: true },
  'POST /projects': { anyCaller: true, keyRole: 'admin' },
  'DELETE /projects/{project_id}': owns,
  'GET /projects/{project_id}/api-keys': administers,
  'POST /projects/{project_id}/api-keys': administers,
  'DELETE /projects/{project_id}/api-keys/{key_id}': administers,
  'GET /audit-events': administers,

  // members and invitations (pending invitations show addresses: admins only)
  'GET /projects/{project_id}/members': reads,
  'PATCH /projects/{project_id}/members/{user_id}': administers,
  'DELETE /projects/{project_id}/members/{user_id}': administers,
  'GET /projects/{project_id}/invitations': administers,
  'POST /projects/{project_id}/invitations': administers,
  'DELETE /projects/{project_id}/invitations/{invitation_id}': administers,

  // registry
  'GET /templates': reads,
  'POST /apps': edits,
  'GET /apps': reads,
  'GET /apps/{app_id}': reads,
  'PATCH /apps/{app_id}': edits,
  'DELETE /apps/{app_id}': edits,
  'GET /apps/{app_id}/variants': reads,
  'POST /apps/{app_id}/variant/from-service': edits,
  'POST /apps/{app_id}/variant/from-template': edits,
  'GET /apps/{app_id}/environments': reads,
  'GET /apps/{app_id}/revisions/{environment_name}': reads,
  'POST /variants/from-base': edits,
  'GET /variants/{variant_id}': reads,
  'PUT /variants/{variant_id}/parameters': edits,
  'GET /variants/{variant_id}/revisions': reads,
  'GET /variants/{variant_id}/revisions/{revision}': reads,
  'DELETE /variants/{variant_id}': edits,
  'GET /variants/{variant_id}/schema': reads,
  'POST /variants/{variant_id}/playground/run': edits,
  'POST /apps/{app_id}/invoke': edits,

  // environments: production is protected
  'POST /environments/deploy': {
    role: 'editor',
    production: { role: 'admin', environment: { bodyField: 'environment_name' }, doing: 'deploying to production' },
  },
  'POST /environments/revisions/{environment_revision_id}/revert': {
    role: 'editor',
    production: { role: 'admin', environment: { revisionParam: 'environment_revision_id' }, doing: 'reverting production' },
  },
  'POST /configs/deployment/{environment_revision_id}/revert': {
    role: 'editor',
    production: { role: 'admin', environment: { revisionParam: 'environment_revision_id' }, doing: 'reverting production' },
  },
  'GET /configs': reads,

  // test sets
  'POST /testsets': edits,
  'POST /testsets/from-traces': edits,
  'POST /testsets/upload': edits,
  'GET /testsets': reads,
  'GET /testsets/{testset_id}': reads,
  'GET /testsets/{testset_id}/versions': reads,
  'GET /testsets/{testset_id}/diff': reads,
  'PUT /testsets/{testset_id}': edits,
  'POST /testsets/{testset_id}/rows/from-traces': edits,
  'DELETE /testsets': edits,
  'DELETE /testsets/{testset_id}': edits,

  // evaluators and evaluations
  'GET /evaluators': reads,
  'POST /evaluators/configs': edits,
  'GET /evaluators/configs': reads,
  'GET /evaluators/configs/{config_id}': reads,
  'PUT /evaluators/configs/{config_id}': edits,
  'DELETE /evaluators/configs/{config_id}': edits,
  'POST /evaluators/{evaluator_key}/run': edits,
  'GET /evaluations': reads,
  'POST /evaluations': edits,
  'POST /evaluations/upload': edits,
  'DELETE /evaluations': edits,
  'GET /evaluations/evaluation_scenarios/comparison-results': reads,
  'GET /evaluations/compare': reads,
  'GET /evaluations/{evaluation_id}': reads,
  'GET /evaluations/{evaluation_id}/status': reads,
  'GET /evaluations/{evaluation_id}/results': reads,
  'GET /evaluations/{evaluation_id}/evaluation_scenarios': reads,
  'POST /evaluations/{evaluation_id}/rerun': edits,
  'GET /evaluations/{evaluation_id}/export': reads,
  'POST /evaluations/{evaluation_id}/cancel': edits,

  // human evaluations: editors set them up, annotators vote and finish them
  'GET /human-evaluations': reads,
  'POST /human-evaluations': edits,
  'DELETE /human-evaluations': edits,
  'GET /human-evaluations/{evaluation_id}': reads,
  'PUT /human-evaluations/{evaluation_id}': annotates,
  'GET /human-evaluations/{evaluation_id}/status': reads,
  'GET /human-evaluations/{evaluation_id}/evaluation_scenarios': reads,
  'PUT /human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}': annotates,
  'PUT /human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}/{evaluation_type}': annotates,
  'GET /human-evaluations/{evaluation_id}/results': reads,
  'GET /human-evaluations/{evaluation_id}/export': reads,

  // traces
  'POST /traces': edits,
  'POST /v1/traces': edits,
  'GET /traces': reads,
  'GET /traces/metrics': reads,
  'GET /traces/{trace_id}': reads,
  'GET /sessions': reads,

  // providers and models: admins manage connections and the models priced on them
  'GET /providers': reads,
  'POST /provider-connections': administers,
  'GET /provider-connections': reads,
  'GET /provider-connections/{connection_id}': reads,
  'PATCH /provider-connections/{connection_id}': administers,
  'DELETE /provider-connections/{connection_id}': administers,
  'POST /provider-connections/{connection_id}/test': administers,
  'GET /models': reads,
  'POST /models': administers,
  'PATCH /models/{id}': administers,
  'DELETE /models/{id}': administers,

  // feedback: editors configure, annotators score and work the queues
  'POST /score-configs': edits,
  'GET /score-configs': reads,
  'GET /score-configs/{config_id}': reads,
  'PATCH /score-configs/{config_id}': edits,
  'POST /scores': annotates,
  'GET /scores': reads,
  'POST /annotation-queues': edits,
  'GET /annotation-queues': reads,
  'GET /annotation-queues/{queue_id}': reads,
  'POST /annotation-queues/{queue_id}/items': edits,
  'POST /annotation-queues/{queue_id}/next': annotates,
  'POST /annotation-queues/{queue_id}/items/{item_id}/complete': annotates,
  'POST /annotation-queues/{queue_id}/items/{item_id}/skip': annotates,
  'POST /online-evaluations': edits,
  'GET /online-evaluations': reads,
  'GET /online-evaluations/{rule_id}': reads,
  'PATCH /online-evaluations/{rule_id}': edits,
  'GET /online-evaluations/{rule_id}/executions': reads,
  'POST /online-evaluations/{rule_id}/backfill': edits,
};
