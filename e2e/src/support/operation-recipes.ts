import { randomBytes } from 'node:crypto';
import type { CrucibleClient } from '@crucible/client';
import { type ClientOutcome, ok } from './api-answers';
import { QUICK_RATE_LIMIT, waitForTerminal } from './evaluation-fixtures';
import { waitFor } from './wait-for';

/*
 * A request recipe per operation of /openapi.json: one call that the api answers 2xx when the caller may make it.
 * Prerequisites are made with `setup` (another key than the caller's), fresh per call wherever the call consumes them
 * (deletes, cancels, renames), so a suite can tell the call's own effects (its audit event, say) from the setup's
 * by who made them. The role matrix (role-matrix.e2e-spec.ts) runs every recipe as every caller.
 */

type Json = Record<string, unknown>;
type Outcome = Promise<ClientOutcome<unknown>>;

/** What `createRecipeFixtures` made once, shared by the recipes that only read or add to it. */
export interface RecipeFixtures {
  projectId: string;
  /** The first-run link `createRecipeFixtures` used: spent from then on. */
  setupToken: string;
  /** The person the first-run link made owner of the project: whom the sign-in recipe signs in. */
  owner: { id: string; email: string; name: string; password: string };
  /** An openai_compatible connection to the mock LLM, and its base URL and key. */
  connectionId: string;
  mockUrl: string;
  mockKey: string;
  /** A running SDK service (the example completion app) for variants from a service. */
  serviceUrl: string;
  /** An app made from the completion template, its variant deployed to staging and production. */
  appId: string;
  variantId: string;
  baseId: string;
  revisionId: string;
  parameters: Json;
  stagingRevisionId: string;
  productionRevisionId: string;
  /** Rows `input`/`correct_answer`, versions 1 and 2. */
  testsetId: string;
  exactConfigId: string;
  /** Two finished evaluations on version 1 of the test set: run by Crucible, and uploaded. */
  evaluationId: string;
  uploadedEvaluationId: string;
  /** Finished with failed rows (its variant's connection always answers 500): what a rerun takes. */
  failedEvaluationId: string;
  humanEvaluationId: string;
  humanScenarioId: string;
  traceId: string;
  scoreConfigId: string;
  queueId: string;
  customModelId: string;
  onlineEvaluationId: string;
}

export interface RecipeContext {
  /** The caller under test. */
  as: CrucibleClient;
  /** An admin of the same project, for prerequisites. */
  setup: CrucibleClient;
  /** No credentials, from the api's own Origin: what a person's browser sends before signing in. */
  anonymous: CrucibleClient;
  /** A client with another key: one of a project a recipe made. */
  withKey(apiKey: string): CrucibleClient;
  /** For a signed-in person: another session of theirs (what signing out ends, so the caller's own lives on). */
  signInAgain?: () => Promise<CrucibleClient>;
  fixtures: RecipeFixtures;
  /** A name no other call used. */
  unique(prefix: string): string;
}

/** A call some callers cannot make by its nature, whatever their role: the answer they get instead, and why. */
export interface ByNature {
  /** Who gets it: API keys only, or every caller. */
  callers: 'api_key' | 'everyone';
  status: number;
  why: string;
}

export interface OperationCase {
  /** Set when the call deploys to or reverts production: the table's `production` role applies, not the operation's. */
  production?: true;
  byNature?: ByNature;
  call(context: RecipeContext): Outcome;
}

const START = '2026-11-27T14:00:00.000Z';
const ROWS = [{ input: 'MOCK_REPLY: Paris', correct_answer: 'Paris' }, { input: 'MOCK_REPLY: Rome', correct_answer: 'Rome' }];
const MAPPING = { input: 'inputs.q', correct_answer: 'output' };
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export function traceRecord(traceId: string) {
  const end = new Date(Date.parse(START) + 5).toISOString();
  return {
    trace_id: traceId, latency_ms: 5, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 },
    inputs: { q: `question ${traceId}` }, output: `answer ${traceId}`,
    spans: [{ span_id: `${traceId}-root`, parent_span_id: null, name: 'workflow', kind: 'workflow', status: 'ok', start_time: START, end_time: end, latency_ms: 5 }],
  };
}

const ingest = (client: CrucibleClient, traceIds: string[]) =>
  ok(client.POST('/traces', { body: { traces: traceIds.map(traceRecord) } as never }));

const csvForm = (name: string) => {
  const form = new FormData();
  form.append('file', new Blob(['input,correct_answer\nMOCK_REPLY: Lima,Lima\n'], { type: 'text/csv' }), `${name}.csv`);
  return form;
};

/** A queue with one item that nobody holds (setup took it and let it go): what complete and skip act on. */
async function freeQueueItem({ setup, fixtures, unique }: RecipeContext) {
  const traceId = unique('queued');
  await ingest(setup, [traceId]);
  const queue = await ok(setup.POST('/annotation-queues', { body: { name: unique('queue'), score_config_ids: [fixtures.scoreConfigId] } }));
  const ofQueue = { params: { path: { queue_id: queue.id } } };
  await ok(setup.POST('/annotation-queues/{queue_id}/items', { ...ofQueue, body: { trace_ids: [traceId] } }));
  const item = (await ok(setup.POST('/annotation-queues/{queue_id}/next', ofQueue))) as { id: string };
  const ofItem = { params: { path: { queue_id: queue.id, item_id: item.id } } };
  await ok(setup.POST('/annotation-queues/{queue_id}/items/{item_id}/skip', ofItem));
  return ofItem;
}

const newApp = async ({ setup, unique }: RecipeContext) => (await ok(setup.POST('/apps', { body: { app_name: unique('app') } }))).app_id;
const newTestset = async ({ setup, fixtures, unique }: RecipeContext) =>
  (await ok(setup.POST('/testsets', { body: { name: unique('testset'), csvdata: ROWS, app_id: fixtures.appId } }))).id;
const newConfig = async ({ setup, fixtures, unique }: RecipeContext) => (await ok(setup.POST('/evaluators/configs', {
  body: { app_id: fixtures.appId, name: unique('config'), evaluator_key: 'auto_exact_match', settings_values: {} },
}))).id;
const upload = ({ fixtures }: RecipeContext, client: CrucibleClient) => client.POST('/evaluations/upload', {
  body: {
    app_id: fixtures.appId, variant_id: fixtures.variantId, testset_id: fixtures.testsetId, evaluators_configs: [],
    scenarios: [{ row_index: 0, output: 'Paris', scores: { mine: 1 } }],
  },
});
const deploy = (environment: string) => ({ as, fixtures }: RecipeContext) => as.POST('/environments/deploy', {
  body: { app_id: fixtures.appId, environment_name: environment, variant_id: fixtures.variantId },
});
const ofEvaluation = (id: string) => ({ params: { path: { evaluation_id: id } } });
const ofHuman = ({ fixtures }: RecipeContext) => ofEvaluation(fixtures.humanEvaluationId);
const one = (call: OperationCase['call']): OperationCase[] => [{ call }];
/** The invitation link's token: the only credential an invitee has. */
export const tokenOf = (inviteUrl: string): string => new URL(inviteUrl).searchParams.get('token')!;
const ofProject = ({ fixtures }: RecipeContext) => ({ params: { path: { project_id: fixtures.projectId } } });
const invitation = async (context: RecipeContext, role: 'viewer' | 'editor' = 'viewer') => ok(context.setup.POST('/projects/{project_id}/invitations', {
  ...ofProject(context), body: { email: `${context.unique('invitee')}@example.com`, role },
}));
/** A new member of the project (a viewer, invited by setup, joined with a password): what role changes and removals act on. */
const newMember = async (context: RecipeContext) => {
  const { invite_url: inviteUrl } = await invitation(context);
  const joined = await ok(context.anonymous.POST('/auth/accept-invitation', {
    body: { token: tokenOf(inviteUrl), name: context.unique('Member'), password: 'a long password' },
  }));
  return { params: { path: { project_id: context.fixtures.projectId, user_id: joined.user.id } } };
};
/**
 * A project made to be deleted, where the caller has the role it has in the fixtures' project: an owner makes it; any
 * other person is invited to it by the admin key it came with, and joins by session. A key belongs to one project, so
 * it can only name its own, the fixtures' (which no key deletes: keys are admins at most).
 */
async function projectToDelete({ as, setup, withKey, fixtures, unique }: RecipeContext) {
  const me = await as.GET('/auth/me');
  if (!me.data) return { params: { path: { project_id: fixtures.projectId } } };
  const role = me.data.projects.find((project) => project.id === fixtures.projectId)!.role;
  const name = unique('to-delete');
  if (role === 'owner') return { params: { path: { project_id: (await ok(as.POST('/projects', { body: { name } }))).id } } };
  const made = await ok(setup.POST('/projects', { body: { name } }));
  const ofMade = { params: { path: { project_id: made.id } } };
  const invited = await ok(withKey(made.api_key!.key).POST('/projects/{project_id}/invitations', { ...ofMade, body: { email: me.data.user.email, role } }));
  await ok(as.POST('/auth/accept-invitation', { body: { token: tokenOf(invited.invite_url) } }));
  return ofMade;
}
const PERSONS_ONLY = 'a route for a signed-in person: a key is no person, and has no session (its project is at GET /projects/current)';

/** Every operation of /openapi.json (`METHOD /path`, as the document spells it) and how to call it successfully. */
export const OPERATION_RECIPES: Record<string, OperationCase[]> = {
  'GET /health': one(({ as }) => as.GET('/health')),

  'POST /auth/sign-in': one(({ as, fixtures }) => as.POST('/auth/sign-in', { body: { email: fixtures.owner.email, password: fixtures.owner.password } })),
  'POST /auth/setup': [{
    byNature: { callers: 'everyone', status: 410, why: 'the first-run link works once, and the fixtures used it to make the owner' },
    call: ({ as, fixtures }) => as.POST('/auth/setup', {
      body: { token: fixtures.setupToken, email: 'second-owner@example.com', name: 'Second', password: 'a long password' },
    }),
  }],
  'POST /auth/sign-out': [{
    byNature: { callers: 'api_key', status: 400, why: PERSONS_ONLY },
    call: async ({ as, signInAgain }) => (signInAgain ? await signInAgain() : as).POST('/auth/sign-out'),
  }],
  'GET /auth/providers': one(({ as }) => as.GET('/auth/providers')),
  'GET /auth/me': [{ byNature: { callers: 'api_key', status: 400, why: PERSONS_ONLY }, call: ({ as }) => as.GET('/auth/me') }],
  'POST /auth/accept-invitation': one(async (context) => context.as.POST('/auth/accept-invitation', {
    body: { token: tokenOf((await invitation(context)).invite_url), name: context.unique('Invitee'), password: 'a long password' },
  })),

  'GET /projects/current': one(({ as }) => as.GET('/projects/current')),
  'GET /projects': one(({ as }) => as.GET('/projects')),
  'GET /audit-events': one(({ as }) => as.GET('/audit-events', { params: { query: { limit: 5 } } })),
  'GET /projects/{project_id}/invitations': one((context) => context.as.GET('/projects/{project_id}/invitations', ofProject(context))),
  'POST /projects/{project_id}/invitations': one((context) => context.as.POST('/projects/{project_id}/invitations', {
    ...ofProject(context), body: { email: `${context.unique('invited')}@example.com`, role: 'viewer' },
  })),
  'DELETE /projects/{project_id}/invitations/{invitation_id}': one(async (context) => context.as.DELETE('/projects/{project_id}/invitations/{invitation_id}', {
    params: { path: { project_id: context.fixtures.projectId, invitation_id: (await invitation(context)).id } },
  })),
  'GET /projects/{project_id}/members': one((context) => context.as.GET('/projects/{project_id}/members', ofProject(context))),
  'PATCH /projects/{project_id}/members/{user_id}': one(async (context) =>
    context.as.PATCH('/projects/{project_id}/members/{user_id}', { ...(await newMember(context)), body: { role: 'editor' } })),
  'DELETE /projects/{project_id}/members/{user_id}': one(async (context) =>
    context.as.DELETE('/projects/{project_id}/members/{user_id}', await newMember(context))),
  'POST /projects': one(({ as, unique }) => as.POST('/projects', { body: { name: unique('project') } })),
  'DELETE /projects/{project_id}': one(async (context) => context.as.DELETE('/projects/{project_id}', await projectToDelete(context))),
  'GET /projects/{project_id}/api-keys': one(({ as, fixtures }) =>
    as.GET('/projects/{project_id}/api-keys', { params: { path: { project_id: fixtures.projectId } } })),
  'POST /projects/{project_id}/api-keys': one(({ as, fixtures, unique }) => as.POST('/projects/{project_id}/api-keys', {
    params: { path: { project_id: fixtures.projectId } }, body: { name: unique('key'), role: 'viewer' },
  })),
  'DELETE /projects/{project_id}/api-keys/{key_id}': one(async ({ as, setup, fixtures, unique }) => {
    const ofProject = { params: { path: { project_id: fixtures.projectId } } };
    const key = await ok(setup.POST('/projects/{project_id}/api-keys', { ...ofProject, body: { name: unique('revoked'), role: 'viewer' } }));
    return as.DELETE('/projects/{project_id}/api-keys/{key_id}', { params: { path: { project_id: fixtures.projectId, key_id: key.id } } });
  }),

  'GET /templates': one(({ as }) => as.GET('/templates')),
  'POST /apps': one(({ as, unique }) => as.POST('/apps', { body: { app_name: unique('app') } })),
  'GET /apps': one(({ as }) => as.GET('/apps')),
  'GET /apps/{app_id}': one(({ as, fixtures }) => as.GET('/apps/{app_id}', { params: { path: { app_id: fixtures.appId } } })),
  'PATCH /apps/{app_id}': one(async (context) => context.as.PATCH('/apps/{app_id}', {
    params: { path: { app_id: await newApp(context) } }, body: { app_name: context.unique('renamed') },
  })),
  'DELETE /apps/{app_id}': one(async (context) => context.as.DELETE('/apps/{app_id}', { params: { path: { app_id: await newApp(context) } } })),
  'GET /apps/{app_id}/variants': one(({ as, fixtures }) => as.GET('/apps/{app_id}/variants', { params: { path: { app_id: fixtures.appId } } })),
  'POST /apps/{app_id}/variant/from-service': one(({ as, fixtures, unique }) => as.POST('/apps/{app_id}/variant/from-service', {
    params: { path: { app_id: fixtures.appId } }, body: { variant_name: unique('service'), url: fixtures.serviceUrl },
  })),
  'POST /apps/{app_id}/variant/from-template': one(({ as, fixtures, unique }) => as.POST('/apps/{app_id}/variant/from-template', {
    params: { path: { app_id: fixtures.appId } }, body: { variant_name: unique('templated'), template_key: 'completion' },
  })),
  'GET /apps/{app_id}/environments': one(({ as, fixtures }) => as.GET('/apps/{app_id}/environments', { params: { path: { app_id: fixtures.appId } } })),
  'GET /apps/{app_id}/revisions/{environment_name}': one(({ as, fixtures }) => as.GET('/apps/{app_id}/revisions/{environment_name}', {
    params: { path: { app_id: fixtures.appId, environment_name: 'production' } },
  })),
  'POST /variants/from-base': one(({ as, fixtures, unique }) => {
    const name = unique('based');
    return as.POST('/variants/from-base', {
      body: { base_id: fixtures.baseId, new_variant_name: name, new_config_name: name, parameters: fixtures.parameters },
    });
  }),
  'GET /variants/{variant_id}': one(({ as, fixtures }) => as.GET('/variants/{variant_id}', { params: { path: { variant_id: fixtures.variantId } } })),
  'PUT /variants/{variant_id}/parameters': one(({ as, fixtures }) => as.PUT('/variants/{variant_id}/parameters', {
    params: { path: { variant_id: fixtures.variantId } }, body: { parameters: fixtures.parameters, commit_message: 'unchanged' },
  })),
  'GET /variants/{variant_id}/revisions': one(({ as, fixtures }) =>
    as.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: fixtures.variantId } } })),
  'GET /variants/{variant_id}/revisions/{revision}': one(({ as, fixtures }) =>
    as.GET('/variants/{variant_id}/revisions/{revision}', { params: { path: { variant_id: fixtures.variantId, revision: 1 } } })),
  'DELETE /variants/{variant_id}': one(async ({ as, setup, fixtures, unique }) => {
    const variant = await ok(setup.POST('/apps/{app_id}/variant/from-template', {
      params: { path: { app_id: fixtures.appId } }, body: { variant_name: unique('doomed'), template_key: 'completion' },
    }));
    return as.DELETE('/variants/{variant_id}', { params: { path: { variant_id: variant.variant_id } } });
  }),
  'GET /variants/{variant_id}/schema': one(({ as, fixtures }) => as.GET('/variants/{variant_id}/schema', { params: { path: { variant_id: fixtures.variantId } } })),
  'POST /variants/{variant_id}/playground/run': one(({ as, fixtures }) => as.POST('/variants/{variant_id}/playground/run', {
    params: { path: { variant_id: fixtures.variantId } }, body: { inputs: { input: 'MOCK_REPLY: Lima' } },
  })),
  'POST /apps/{app_id}/invoke': one(({ as, fixtures }) => as.POST('/apps/{app_id}/invoke', {
    params: { path: { app_id: fixtures.appId } }, body: { inputs: { input: 'MOCK_REPLY: Quito' } },
  })),

  'POST /environments/deploy': [{ call: deploy('staging') }, { production: true, call: deploy('production') }],
  'POST /environments/revisions/{environment_revision_id}/revert': [
    { call: ({ as, fixtures }) => as.POST('/environments/revisions/{environment_revision_id}/revert', {
      params: { path: { environment_revision_id: fixtures.stagingRevisionId } }, body: {},
    }) },
    { production: true, call: ({ as, fixtures }) => as.POST('/environments/revisions/{environment_revision_id}/revert', {
      params: { path: { environment_revision_id: fixtures.productionRevisionId } }, body: {},
    }) },
  ],
  'POST /configs/deployment/{environment_revision_id}/revert': [
    { call: ({ as, fixtures }) => as.POST('/configs/deployment/{environment_revision_id}/revert', {
      params: { path: { environment_revision_id: fixtures.stagingRevisionId } }, body: {},
    }) },
    { production: true, call: ({ as, fixtures }) => as.POST('/configs/deployment/{environment_revision_id}/revert', {
      params: { path: { environment_revision_id: fixtures.productionRevisionId } }, body: {},
    }) },
  ],
  'GET /configs': one(({ as, fixtures }) => as.GET('/configs', { params: { query: { app_id: fixtures.appId, environment: 'production' } } })),

  'POST /testsets': one(({ as, fixtures, unique }) => as.POST('/testsets', { body: { name: unique('testset'), csvdata: ROWS, app_id: fixtures.appId } })),
  'POST /testsets/from-traces': one(({ as, fixtures, unique }) => as.POST('/testsets/from-traces', {
    body: { name: unique('from-traces'), trace_ids: [fixtures.traceId], mapping: MAPPING },
  })),
  'POST /testsets/upload': one(({ as, unique }) => {
    const name = unique('uploaded');
    return as.POST('/testsets/upload', { body: { file: `${name}.csv` }, bodySerializer: () => csvForm(name) });
  }),
  'GET /testsets': one(({ as }) => as.GET('/testsets')),
  'GET /testsets/{testset_id}': one(({ as, fixtures }) => as.GET('/testsets/{testset_id}', { params: { path: { testset_id: fixtures.testsetId } } })),
  'GET /testsets/{testset_id}/versions': one(({ as, fixtures }) =>
    as.GET('/testsets/{testset_id}/versions', { params: { path: { testset_id: fixtures.testsetId } } })),
  'GET /testsets/{testset_id}/diff': one(({ as, fixtures }) =>
    as.GET('/testsets/{testset_id}/diff', { params: { path: { testset_id: fixtures.testsetId }, query: { from: 1, to: 2 } } })),
  'PUT /testsets/{testset_id}': one(async (context) => context.as.PUT('/testsets/{testset_id}', {
    params: { path: { testset_id: await newTestset(context) } }, body: { csvdata: ROWS.slice(0, 1) },
  })),
  'POST /testsets/{testset_id}/rows/from-traces': one(async ({ as, setup, fixtures, unique }) => {
    const testset = await ok(setup.POST('/testsets/from-traces', { body: { name: unique('grown'), trace_ids: [fixtures.traceId], mapping: MAPPING } }));
    return as.POST('/testsets/{testset_id}/rows/from-traces', {
      params: { path: { testset_id: testset.id } }, body: { trace_ids: [fixtures.traceId], mapping: MAPPING },
    });
  }),
  'DELETE /testsets': one(async (context) => context.as.DELETE('/testsets', { body: { testset_ids: [await newTestset(context)] } })),
  'DELETE /testsets/{testset_id}': one(async (context) =>
    context.as.DELETE('/testsets/{testset_id}', { params: { path: { testset_id: await newTestset(context) } } })),

  'GET /evaluators': one(({ as }) => as.GET('/evaluators')),
  'POST /evaluators/configs': one(({ as, fixtures, unique }) => as.POST('/evaluators/configs', {
    body: { app_id: fixtures.appId, name: unique('config'), evaluator_key: 'auto_exact_match', settings_values: {} },
  })),
  'GET /evaluators/configs': one(({ as, fixtures }) => as.GET('/evaluators/configs', { params: { query: { app_id: fixtures.appId } } })),
  'GET /evaluators/configs/{config_id}': one(({ as, fixtures }) =>
    as.GET('/evaluators/configs/{config_id}', { params: { path: { config_id: fixtures.exactConfigId } } })),
  'PUT /evaluators/configs/{config_id}': one(async (context) => context.as.PUT('/evaluators/configs/{config_id}', {
    params: { path: { config_id: await newConfig(context) } }, body: { name: context.unique('renamed') },
  })),
  'DELETE /evaluators/configs/{config_id}': one(async (context) =>
    context.as.DELETE('/evaluators/configs/{config_id}', { params: { path: { config_id: await newConfig(context) } } })),
  'POST /evaluators/{evaluator_key}/run': one(({ as }) => as.POST('/evaluators/{evaluator_key}/run', {
    params: { path: { evaluator_key: 'auto_regex_test' } }, body: { settings_values: { regex_pattern: '^Par', regex_should_match: true }, output: 'Paris' },
  })),

  'GET /evaluations': one(({ as, fixtures }) => as.GET('/evaluations', { params: { query: { app_id: fixtures.appId } } })),
  'POST /evaluations': one(({ as, fixtures }) => as.POST('/evaluations', {
    body: {
      app_id: fixtures.appId, revisions_ids: [fixtures.revisionId], evaluators_configs: [fixtures.exactConfigId],
      testset_id: fixtures.testsetId, rate_limit: QUICK_RATE_LIMIT,
    },
  })),
  'POST /evaluations/upload': one((context) => upload(context, context.as)),
  'DELETE /evaluations': one(async (context) => {
    const uploaded = (await ok(upload(context, context.setup))) as { id: string };
    return context.as.DELETE('/evaluations', { body: { evaluations_ids: [uploaded.id] } });
  }),
  'GET /evaluations/evaluation_scenarios/comparison-results': one(({ as, fixtures }) => as.GET('/evaluations/evaluation_scenarios/comparison-results', {
    params: { query: { evaluations_ids: `${fixtures.evaluationId},${fixtures.uploadedEvaluationId}` } },
  })),
  'GET /evaluations/compare': one(({ as, fixtures }) => as.GET('/evaluations/compare', {
    params: { query: { evaluations_ids: `${fixtures.evaluationId},${fixtures.uploadedEvaluationId}` } },
  })),
  'GET /evaluations/{evaluation_id}': one(({ as, fixtures }) => as.GET('/evaluations/{evaluation_id}', ofEvaluation(fixtures.evaluationId))),
  'GET /evaluations/{evaluation_id}/status': one(({ as, fixtures }) => as.GET('/evaluations/{evaluation_id}/status', ofEvaluation(fixtures.evaluationId))),
  'GET /evaluations/{evaluation_id}/results': one(({ as, fixtures }) => as.GET('/evaluations/{evaluation_id}/results', ofEvaluation(fixtures.evaluationId))),
  'GET /evaluations/{evaluation_id}/evaluation_scenarios': one(({ as, fixtures }) =>
    as.GET('/evaluations/{evaluation_id}/evaluation_scenarios', ofEvaluation(fixtures.evaluationId))),
  'POST /evaluations/{evaluation_id}/rerun': one(({ as, fixtures }) =>
    as.POST('/evaluations/{evaluation_id}/rerun', { ...ofEvaluation(fixtures.failedEvaluationId), body: {} })),
  'GET /evaluations/{evaluation_id}/export': one(({ as, fixtures }) =>
    as.GET('/evaluations/{evaluation_id}/export', { ...ofEvaluation(fixtures.evaluationId), parseAs: 'text' })),
  'POST /evaluations/{evaluation_id}/cancel': one(async ({ as, setup, fixtures }) => {
    // Two rows a batch apart, an hour between batches: still running when cancelled.
    const [running] = await ok(setup.POST('/evaluations', {
      body: {
        app_id: fixtures.appId, revisions_ids: [fixtures.revisionId], evaluators_configs: [], testset_id: fixtures.testsetId,
        rate_limit: { ...QUICK_RATE_LIMIT, batch_size: 1, delay_between_batches: 3600 },
      },
    }));
    const outcome = await as.POST('/evaluations/{evaluation_id}/cancel', ofEvaluation(running!.id));
    // A refused cancel leaves nothing waiting out its hour.
    if (!outcome.response.ok) await ok(setup.POST('/evaluations/{evaluation_id}/cancel', ofEvaluation(running!.id)));
    return outcome;
  }),

  'GET /human-evaluations': one(({ as, fixtures }) => as.GET('/human-evaluations', { params: { query: { app_id: fixtures.appId } } })),
  'POST /human-evaluations': one(({ as, fixtures }) => as.POST('/human-evaluations', {
    body: { app_id: fixtures.appId, evaluation_type: 'single_model_test', revisions_ids: [fixtures.revisionId], testset_id: fixtures.testsetId },
  })),
  'DELETE /human-evaluations': one(async ({ as, setup, fixtures }) => {
    const created = await ok(setup.POST('/human-evaluations', {
      body: { app_id: fixtures.appId, evaluation_type: 'single_model_test', revisions_ids: [fixtures.revisionId], testset_id: fixtures.testsetId },
    }));
    return as.DELETE('/human-evaluations', { body: { evaluations_ids: [created.id] } });
  }),
  'GET /human-evaluations/{evaluation_id}': one((context) => context.as.GET('/human-evaluations/{evaluation_id}', ofHuman(context))),
  'PUT /human-evaluations/{evaluation_id}': one((context) =>
    context.as.PUT('/human-evaluations/{evaluation_id}', { ...ofHuman(context), body: { status: 'EVALUATION_READY' } })),
  'GET /human-evaluations/{evaluation_id}/status': one((context) => context.as.GET('/human-evaluations/{evaluation_id}/status', ofHuman(context))),
  'GET /human-evaluations/{evaluation_id}/evaluation_scenarios': one((context) =>
    context.as.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', ofHuman(context))),
  'PUT /human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}': one(({ as, fixtures }) =>
    as.PUT('/human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}', {
      params: { path: { evaluation_id: fixtures.humanEvaluationId, scenario_id: fixtures.humanScenarioId } }, body: { score: 4 },
    })),
  'PUT /human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}/{evaluation_type}': one(({ as, fixtures }) =>
    as.PUT('/human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}/{evaluation_type}', {
      params: { path: { evaluation_id: fixtures.humanEvaluationId, scenario_id: fixtures.humanScenarioId, evaluation_type: 'single_model_test' } },
      body: { score: 3 },
    })),
  'GET /human-evaluations/{evaluation_id}/results': one((context) => context.as.GET('/human-evaluations/{evaluation_id}/results', ofHuman(context))),
  'GET /human-evaluations/{evaluation_id}/export': one((context) => context.as.GET('/human-evaluations/{evaluation_id}/export', ofHuman(context))),

  'POST /traces': one(({ as, unique }) => as.POST('/traces', { body: { traces: [traceRecord(unique('trace'))] } as never })),
  'POST /v1/traces': one(({ as }) => {
    const start = BigInt(Date.parse(START)) * 1_000_000n;
    const span = { traceId: hex(16), spanId: hex(8), name: 'chat', startTimeUnixNano: String(start), endTimeUnixNano: String(start + 5_000_000n) };
    return as.POST('/v1/traces', { body: { resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] } as never });
  }),
  'GET /traces': one(({ as }) => as.GET('/traces')),
  'GET /traces/metrics': one(({ as }) => as.GET('/traces/metrics', { params: { query: { interval: 'hour' } } })),
  'GET /traces/{trace_id}': one(({ as, fixtures }) => as.GET('/traces/{trace_id}', { params: { path: { trace_id: fixtures.traceId } } })),
  'GET /sessions': one(({ as }) => as.GET('/sessions')),

  'GET /providers': one(({ as }) => as.GET('/providers')),
  'POST /provider-connections': one(({ as, fixtures, unique }) => as.POST('/provider-connections', {
    body: { name: unique('connection'), kind: 'openai_compatible', base_url: fixtures.mockUrl, api_key: fixtures.mockKey },
  })),
  'GET /provider-connections': one(({ as }) => as.GET('/provider-connections')),
  'GET /provider-connections/{connection_id}': one(({ as, fixtures }) =>
    as.GET('/provider-connections/{connection_id}', { params: { path: { connection_id: fixtures.connectionId } } })),
  'PATCH /provider-connections/{connection_id}': one(async ({ as, setup, fixtures, unique }) => {
    const created = await ok(setup.POST('/provider-connections', {
      body: { name: unique('patched'), kind: 'openai_compatible', base_url: fixtures.mockUrl, api_key: fixtures.mockKey },
    }));
    return as.PATCH('/provider-connections/{connection_id}', { params: { path: { connection_id: created.id } }, body: { name: unique('renamed') } });
  }),
  'DELETE /provider-connections/{connection_id}': one(async ({ as, setup, fixtures, unique }) => {
    const created = await ok(setup.POST('/provider-connections', {
      body: { name: unique('removed'), kind: 'openai_compatible', base_url: fixtures.mockUrl, api_key: fixtures.mockKey },
    }));
    return as.DELETE('/provider-connections/{connection_id}', { params: { path: { connection_id: created.id } } });
  }),
  'POST /provider-connections/{connection_id}/test': one(({ as, fixtures }) =>
    as.POST('/provider-connections/{connection_id}/test', { params: { path: { connection_id: fixtures.connectionId } } })),
  'GET /models': one(({ as }) => as.GET('/models')),
  'POST /models': one(({ as, fixtures, unique }) => as.POST('/models', {
    body: { provider_connection_id: fixtures.connectionId, name: unique('model'), input_price_per_mtok: 1, output_price_per_mtok: 2 },
  })),
  'PATCH /models/{id}': one(({ as, fixtures }) =>
    as.PATCH('/models/{id}', { params: { path: { id: fixtures.customModelId } }, body: { output_price_per_mtok: 3 } })),
  'DELETE /models/{id}': one(async ({ as, setup, fixtures, unique }) => {
    const model = await ok(setup.POST('/models', {
      body: { provider_connection_id: fixtures.connectionId, name: unique('model'), input_price_per_mtok: 1, output_price_per_mtok: 2 },
    }));
    return as.DELETE('/models/{id}', { params: { path: { id: model.custom_model_id! } } });
  }),

  'POST /score-configs': one(({ as, unique }) => as.POST('/score-configs', { body: { name: unique('score'), data_type: 'boolean' } })),
  'GET /score-configs': one(({ as }) => as.GET('/score-configs')),
  'GET /score-configs/{config_id}': one(({ as, fixtures }) =>
    as.GET('/score-configs/{config_id}', { params: { path: { config_id: fixtures.scoreConfigId } } })),
  'PATCH /score-configs/{config_id}': one(async ({ as, setup, unique }) => {
    const config = await ok(setup.POST('/score-configs', { body: { name: unique('archived'), data_type: 'boolean' } }));
    return as.PATCH('/score-configs/{config_id}', { params: { path: { config_id: config.id } }, body: { archived: true } });
  }),
  'POST /scores': one(({ as, fixtures }) => as.POST('/scores', { body: { trace_id: fixtures.traceId, config_id: fixtures.scoreConfigId, value: 4 } })),
  'GET /scores': one(({ as }) => as.GET('/scores')),
  'POST /annotation-queues': one(({ as, fixtures, unique }) =>
    as.POST('/annotation-queues', { body: { name: unique('queue'), score_config_ids: [fixtures.scoreConfigId] } })),
  'GET /annotation-queues': one(({ as }) => as.GET('/annotation-queues')),
  'GET /annotation-queues/{queue_id}': one(({ as, fixtures }) =>
    as.GET('/annotation-queues/{queue_id}', { params: { path: { queue_id: fixtures.queueId } } })),
  'POST /annotation-queues/{queue_id}/items': one(async ({ as, setup, fixtures, unique }) => {
    const traceId = unique('to-queue');
    await ingest(setup, [traceId]);
    return as.POST('/annotation-queues/{queue_id}/items', { params: { path: { queue_id: fixtures.queueId } }, body: { trace_ids: [traceId] } });
  }),
  'POST /annotation-queues/{queue_id}/next': one(({ as, fixtures }) =>
    as.POST('/annotation-queues/{queue_id}/next', { params: { path: { queue_id: fixtures.queueId } } })),
  'POST /annotation-queues/{queue_id}/items/{item_id}/complete': one(async (context) => context.as.POST(
    '/annotation-queues/{queue_id}/items/{item_id}/complete',
    { ...(await freeQueueItem(context)), body: { scores: [{ config_id: context.fixtures.scoreConfigId, value: 5 }] } },
  )),
  'POST /annotation-queues/{queue_id}/items/{item_id}/skip': one(async (context) =>
    context.as.POST('/annotation-queues/{queue_id}/items/{item_id}/skip', await freeQueueItem(context))),
  'POST /online-evaluations': one(({ as, fixtures, unique }) => as.POST('/online-evaluations', {
    body: { name: unique('rule'), evaluator_config_id: fixtures.exactConfigId, app_id: fixtures.appId, sampling_rate: 1 },
  })),
  'GET /online-evaluations': one(({ as }) => as.GET('/online-evaluations')),
  'GET /online-evaluations/{rule_id}': one(({ as, fixtures }) =>
    as.GET('/online-evaluations/{rule_id}', { params: { path: { rule_id: fixtures.onlineEvaluationId } } })),
  'PATCH /online-evaluations/{rule_id}': one(({ as, fixtures }) =>
    as.PATCH('/online-evaluations/{rule_id}', { params: { path: { rule_id: fixtures.onlineEvaluationId } }, body: { active: true } })),
  'GET /online-evaluations/{rule_id}/executions': one(({ as, fixtures }) =>
    as.GET('/online-evaluations/{rule_id}/executions', { params: { path: { rule_id: fixtures.onlineEvaluationId } } })),
  'POST /online-evaluations/{rule_id}/backfill': one(({ as, fixtures }) => as.POST('/online-evaluations/{rule_id}/backfill', {
    params: { path: { rule_id: fixtures.onlineEvaluationId } }, body: { from: '2026-11-27T13:00:00.000Z', to: '2026-11-27T15:00:00.000Z' },
  })),
};

/** The latest parameters of a variant, with its model swapped: how a variant is pointed at another connection. */
async function onModel(setup: CrucibleClient, variantId: string, model: string): Promise<Json> {
  const revisions = await ok(setup.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variantId } } }));
  const parameters = structuredClone(revisions.at(-1)!.parameters) as { prompt: { llm_config: { model: string } } };
  parameters.prompt.llm_config.model = model;
  return parameters as unknown as Json;
}

/** The person the fixtures' first-run link makes owner of the project. */
const OWNER = { email: 'owner@matrix.example.com', name: 'Olga Owner', password: 'the owner password' };

/**
 * The shared prerequisites: the first-run setup (its link, printed by the api, makes the project's owner), then, made
 * by `setup` (an admin key), a connection to the mock LLM (and one that always fails),
 * an app from the completion template deployed to staging and production, a test set, finished evaluations, a ready
 * human evaluation, a trace, a score config, a queue, a custom model and an online evaluation rule.
 */
export async function createRecipeFixtures(
  setup: CrucibleClient,
  services: { mockUrl: string; mockKey: string; serviceUrl: string; anonymous: CrucibleClient; setupToken: string },
): Promise<RecipeFixtures> {
  const projectId = (await ok(setup.GET('/projects/current'))).project_id;
  const setUp = await ok(services.anonymous.POST('/auth/setup', { body: { ...OWNER, token: services.setupToken } }));
  if (setUp.project.id !== projectId) throw new Error('the first-run link made an owner of another project than the setup key\'s');
  const connection = await ok(setup.POST('/provider-connections', {
    body: { name: 'matrix', kind: 'openai_compatible', base_url: services.mockUrl, api_key: services.mockKey },
  }));
  await ok(setup.POST('/provider-connections', {
    body: { name: 'failing', kind: 'openai_compatible', base_url: services.mockUrl, api_key: services.mockKey, headers: { 'x-mock-fail': '500' } },
  }));
  const app = await ok(setup.POST('/apps', { body: { app_name: 'matrix', template_key: 'completion' } }));
  const variant = app.variant!;
  const ofVariant = { params: { path: { variant_id: variant.variant_id } } };
  const [revision] = await ok(setup.GET('/variants/{variant_id}/revisions', ofVariant));
  const parameters = revision!.parameters as Json;
  const deployTo = (environment: string) => ok(setup.POST('/environments/deploy', {
    body: { app_id: app.app_id, environment_name: environment, variant_id: variant.variant_id },
  }));
  const staging = await deployTo('staging');
  const production = await deployTo('production');

  const testset = await ok(setup.POST('/testsets', { body: { name: 'matrix', csvdata: ROWS, app_id: app.app_id } }));
  const exact = await ok(setup.POST('/evaluators/configs', {
    body: { app_id: app.app_id, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {} },
  }));
  const evaluate = async (revisionId: string) => (await ok(setup.POST('/evaluations', {
    body: { app_id: app.app_id, revisions_ids: [revisionId], evaluators_configs: [exact.id], testset_id: testset.id, rate_limit: QUICK_RATE_LIMIT },
  })))[0]!.id;
  const evaluationId = await evaluate(revision!.id);
  const uploaded = (await ok(setup.POST('/evaluations/upload', {
    body: {
      app_id: app.app_id, variant_id: variant.variant_id, testset_id: testset.id, evaluators_configs: [],
      scenarios: [{ row_index: 0, output: 'Paris', scores: { mine: 1 } }],
    },
  }))) as { id: string };

  const failing = await ok(setup.POST('/apps/{app_id}/variant/from-template', {
    params: { path: { app_id: app.app_id } }, body: { variant_name: 'failing', template_key: 'completion' },
  }));
  const ofFailing = { params: { path: { variant_id: failing.variant_id } } };
  await ok(setup.PUT('/variants/{variant_id}/parameters', { ...ofFailing, body: { parameters: await onModel(setup, failing.variant_id, 'failing/gpt-4o-mini') } }));
  const failedEvaluationId = await evaluate((await ok(setup.GET('/variants/{variant_id}/revisions', ofFailing))).at(-1)!.id);
  await waitForTerminal(setup, evaluationId);
  await waitForTerminal(setup, failedEvaluationId);

  const human = await ok(setup.POST('/human-evaluations', {
    body: { app_id: app.app_id, evaluation_type: 'single_model_test', revisions_ids: [revision!.id], testset_id: testset.id },
  }));
  const ofHumanEvaluation = { params: { path: { evaluation_id: human.id } } };
  await waitFor('the human evaluation to be ready', async () =>
    ((await ok(setup.GET('/human-evaluations/{evaluation_id}', ofHumanEvaluation))).status === 'EVALUATION_READY' ? true : undefined), 60_000);
  const [scenario] = await ok(setup.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', ofHumanEvaluation));
  // Version 2 of the test set, once every evaluation above pinned version 1.
  await ok(setup.PUT('/testsets/{testset_id}', { params: { path: { testset_id: testset.id } }, body: { csvdata: [...ROWS, ROWS[0]!] } }));

  const traceId = 'matrix-trace';
  await ingest(setup, [traceId]);
  const scoreConfig = await ok(setup.POST('/score-configs', { body: { name: 'stars', data_type: 'numeric', min: 1, max: 5 } }));
  const queue = await ok(setup.POST('/annotation-queues', { body: { name: 'matrix', score_config_ids: [scoreConfig.id] } }));
  await ok(setup.POST('/annotation-queues/{queue_id}/items', { params: { path: { queue_id: queue.id } }, body: { trace_ids: [traceId] } }));
  const model = await ok(setup.POST('/models', {
    body: { provider_connection_id: connection.id, name: 'matrix-model', input_price_per_mtok: 1, output_price_per_mtok: 2 },
  }));
  const rule = await ok(setup.POST('/online-evaluations', {
    body: { name: 'matrix', evaluator_config_id: exact.id, app_id: app.app_id, sampling_rate: 1 },
  }));
  return {
    projectId, setupToken: services.setupToken, owner: { ...OWNER, id: setUp.user.id }, connectionId: connection.id, mockUrl: services.mockUrl, mockKey: services.mockKey, serviceUrl: services.serviceUrl,
    appId: app.app_id, variantId: variant.variant_id, baseId: variant.base_id, revisionId: revision!.id, parameters,
    stagingRevisionId: staging.id, productionRevisionId: production.id, testsetId: testset.id, exactConfigId: exact.id,
    evaluationId, uploadedEvaluationId: uploaded.id, failedEvaluationId, humanEvaluationId: human.id, humanScenarioId: scenario!.id!,
    traceId, scoreConfigId: scoreConfig.id, queueId: queue.id, customModelId: model.custom_model_id!, onlineEvaluationId: rule.id,
  };
}
