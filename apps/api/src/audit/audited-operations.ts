import type { Change } from '@crucible/application';

/** What the audit interceptor knows of a request that succeeded: its path parameters, its body and its answer. */
export interface OperationFacts {
  params: Record<string, string | undefined>;
  body: unknown;
  answer: unknown;
}

/** An operation that changes something: the one event it writes when it succeeds. */
export interface AuditedOperation {
  action: string;
  resourceType: string;
  resourceId(facts: OperationFacts): string | null;
  summary(facts: OperationFacts): string;
}

/** A POST (or other) that changes nothing a person would look for in the log, and why. */
export interface UnauditedOperation {
  notAudited: string;
}

/**
 * A public operation that changes a project (the first-run setup, accepting an invitation): no caller signs the
 * request, so the interceptor cannot say who did it; the use case makes the event, naming the person who joined, and
 * it is written in the transaction that adds the membership.
 */
export interface EventOfUseCase {
  writtenBy: string;
  action: string;
  resourceType: string;
  resourceId(facts: OperationFacts): string | null;
}

export type AuditRule = AuditedOperation | UnauditedOperation | EventOfUseCase;

const fieldOf = (value: unknown, key: string): unknown =>
  (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined);
const text = (value: unknown, key: string): string | undefined => {
  const field = fieldOf(value, key);
  return typeof field === 'string' || typeof field === 'number' ? String(field) : undefined;
};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const quoted = (name: string | undefined): string => (name === undefined ? '' : ` ${JSON.stringify(name)}`);
const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

const fromParam = (name: string) => ({ params }: OperationFacts) => params[name] ?? null;
const fromAnswer = (key: string) => ({ answer }: OperationFacts) => text(answer, key) ?? null;
/** A bulk change names its resource only when it touched exactly one. */
const onlyOne = (ids: unknown[]): string | null => (ids.length === 1 && typeof ids[0] === 'string' ? ids[0] : null);

/** Named as the answer names what was created or changed. */
const named = (verb: string, noun: string, nameKey = 'name') => (facts: OperationFacts) => `${verb} ${noun}${quoted(text(facts.answer, nameKey))}`;
const byPath = (verb: string, noun: string, param: string) => ({ params }: OperationFacts) => `${verb} ${noun} ${params[param] ?? ''}`.trimEnd();

const audited = (action: string, resourceType: string, resourceId: AuditedOperation['resourceId'], summary: AuditedOperation['summary']): AuditedOperation =>
  ({ action, resourceType, resourceId, summary });

const deployed = (facts: OperationFacts): string => {
  const { answer, body } = facts;
  const revision = text(answer, 'deployed_variant_revision');
  const variant = text(answer, 'deployed_variant_name');
  const what = revision === undefined ? 'a revision' : `revision ${revision}`;
  return `deployed ${what}${variant === undefined ? '' : ` of variant ${JSON.stringify(variant)}`} to ${text(body, 'environment_name') ?? 'an environment'}`;
};
const reverted = ({ answer, params }: OperationFacts): string => {
  const revision = text(answer, 'deployed_variant_revision');
  const variant = text(answer, 'deployed_variant_name');
  const to = revision === undefined ? 'nothing deployed' : `revision ${revision}${variant === undefined ? '' : ` of variant ${JSON.stringify(variant)}`}`;
  return `reverted an environment to ${to} (as in environment revision ${params['environment_revision_id'] ?? ''})`;
};
const variantCreated = (source: string) => ({ answer }: OperationFacts): string =>
  `created variant${quoted(text(answer, 'variant_name'))} of app${quoted(text(answer, 'app_name'))} ${source}`;
const revertRule = audited('environment.revert', 'environment_revision', fromAnswer('id'), reverted);

/**
 * Every mutating operation of /openapi.json, keyed `METHOD /path` as the document names it: the event it writes,
 * or why it writes none (a read or a run in disguise, telemetry). audited-operations.spec.ts fails when an
 * operation is missing here, so a new route cannot go unaudited by accident.
 */
export const AUDIT_RULES: Readonly<Record<string, AuditRule>> = {
  'POST /projects': audited('project.create', 'project', fromAnswer('project_id'), named('created', 'project')),
  // Kept in the deleted project's log (audit_events has no foreign key): its last event, readable in the database.
  'DELETE /projects/{project_id}': audited('project.delete', 'project', fromParam('project_id'),
    ({ params }) => `deleted project ${params['project_id'] ?? ''} and everything in it`),
  'POST /projects/{project_id}/api-keys': audited('api_key.create', 'api_key', fromAnswer('id'),
    (facts) => `${named('created', 'API key')(facts)} with the role ${text(facts.answer, 'role') ?? ''}`.trimEnd()),
  'DELETE /projects/{project_id}/api-keys/{key_id}': audited('api_key.revoke', 'api_key', fromParam('key_id'), byPath('revoked', 'API key', 'key_id')),
  // ARCHITECTURE §17's membership routes (the accounts work): sign-in and sign-out change no project, and a failed
  // sign-in is written by RecordFailedSignInUseCase in every project of the account.
  'POST /projects/{project_id}/invitations': audited('invitation.create', 'invitation', fromAnswer('id'),
    ({ body }) => `invited ${text(body, 'email') ?? 'someone'} as ${text(body, 'role') ?? 'a member'}`),
  'DELETE /projects/{project_id}/invitations/{invitation_id}': audited('invitation.revoke', 'invitation', fromParam('invitation_id'),
    byPath('revoked', 'invitation', 'invitation_id')),
  'PATCH /projects/{project_id}/members/{user_id}': audited('member.update', 'member', fromParam('user_id'),
    ({ body, params }) => `made member ${params['user_id'] ?? ''} ${text(body, 'role') ?? 'something else'}`),
  'DELETE /projects/{project_id}/members/{user_id}': audited('member.remove', 'member', fromParam('user_id'), byPath('removed', 'member', 'user_id')),
  'POST /auth/sign-in': { notAudited: 'starts a session; changes no project (failed sign-ins are recorded by RecordFailedSignInUseCase)' },
  'POST /auth/sign-out': { notAudited: 'ends the caller\'s own session; changes no project' },
  'POST /auth/setup': {
    writtenBy: 'CompleteSetupUseCase, as the new owner', action: 'member.join', resourceType: 'member',
    resourceId: ({ answer }) => text(fieldOf(answer, 'user'), 'id') ?? null,
  },
  'POST /auth/accept-invitation': {
    writtenBy: 'AcceptInvitationUseCase, as the person who joined', action: 'member.join', resourceType: 'member',
    resourceId: ({ answer }) => text(fieldOf(answer, 'user'), 'id') ?? null,
  },

  'POST /apps': audited('app.create', 'app', fromAnswer('app_id'), (facts) => {
    const template = text(facts.body, 'template_key');
    return `${named('created', 'app', 'app_name')(facts)}${template === undefined ? '' : ` from the template ${JSON.stringify(template)}`}`;
  }),
  'PATCH /apps/{app_id}': audited('app.update', 'app', fromParam('app_id'), ({ answer }) => `renamed an app to${quoted(text(answer, 'app_name'))}`),
  'DELETE /apps/{app_id}': audited('app.delete', 'app', fromParam('app_id'), byPath('deleted', 'app', 'app_id')),
  'POST /apps/{app_id}/invoke': { notAudited: 'runs the deployed variant: traffic, recorded as a trace, changes no configuration' },
  'POST /apps/{app_id}/variant/from-service': audited('variant.create', 'variant', fromAnswer('variant_id'), variantCreated('from a service')),
  'POST /apps/{app_id}/variant/from-template': audited('variant.create', 'variant', fromAnswer('variant_id'), variantCreated('from a template')),

  'POST /variants/from-base': audited('variant.create', 'variant', fromAnswer('variant_id'), variantCreated('from a base')),
  'PUT /variants/{variant_id}/parameters': audited('variant.update', 'variant', fromParam('variant_id'),
    ({ answer }) => `saved revision ${text(answer, 'revision') ?? '?'} of variant${quoted(text(answer, 'variant_name'))}`),
  'DELETE /variants/{variant_id}': audited('variant.delete', 'variant', fromParam('variant_id'), byPath('deleted', 'variant', 'variant_id')),
  'POST /variants/{variant_id}/playground/run': { notAudited: 'runs a variant on inputs to see its output; stores nothing' },

  'POST /environments/deploy': audited('environment.deploy', 'environment_revision', fromAnswer('id'), deployed),
  'POST /environments/revisions/{environment_revision_id}/revert': revertRule,
  'POST /configs/deployment/{environment_revision_id}/revert': revertRule,

  'POST /testsets': audited('testset.create', 'testset', fromAnswer('id'), named('created', 'test set')),
  'POST /testsets/from-traces': audited('testset.create', 'testset', fromAnswer('id'), (facts) => `${named('created', 'test set')(facts)} from traces`),
  'POST /testsets/upload': audited('testset.create', 'testset', fromAnswer('id'), (facts) => `${named('uploaded', 'test set')(facts)}`),
  'PUT /testsets/{testset_id}': audited('testset.update', 'testset', fromParam('testset_id'), byPath('updated', 'test set', 'testset_id')),
  'POST /testsets/{testset_id}/rows/from-traces': audited('testset.update', 'testset', fromParam('testset_id'),
    (facts) => `added rows from traces to test set${quoted(text(facts.answer, 'name'))}, now version ${text(facts.answer, 'version') ?? '?'}`),
  'DELETE /testsets/{testset_id}': audited('testset.delete', 'testset', fromParam('testset_id'), byPath('deleted', 'test set', 'testset_id')),
  'DELETE /testsets': audited('testset.delete', 'testset', ({ answer }) => onlyOne(list(answer)), ({ answer }) => `deleted ${plural(list(answer).length, 'test set')}`),

  'POST /evaluators/configs': audited('evaluator_config.create', 'evaluator_config', fromAnswer('id'),
    (facts) => `${named('created', 'evaluator config')(facts)} (${text(facts.answer, 'evaluator_key') ?? 'unknown evaluator'})`),
  'PUT /evaluators/configs/{config_id}': audited('evaluator_config.update', 'evaluator_config', fromParam('config_id'), named('updated', 'evaluator config')),
  'DELETE /evaluators/configs/{config_id}': audited('evaluator_config.delete', 'evaluator_config', fromParam('config_id'), byPath('deleted', 'evaluator config', 'config_id')),
  'POST /evaluators/{evaluator_key}/run': { notAudited: 'runs an evaluator on the given inputs and answers its score; stores nothing' },

  'POST /evaluations': audited('evaluation.create', 'evaluation', ({ answer }) => onlyOne(list(answer).map((e) => text(e, 'id'))), ({ answer }) => {
    const variants = list(answer).flatMap((e) => list(fieldOf(e, 'variant_names'))).map((name) => JSON.stringify(name));
    return `started ${plural(list(answer).length, 'evaluation')}${variants.length ? ` of variant${variants.length === 1 ? '' : 's'} ${variants.join(', ')}` : ''}`;
  }),
  'POST /evaluations/upload': audited('evaluation.create', 'evaluation', fromAnswer('id'), ({ answer }) => `uploaded the results of evaluation ${text(answer, 'id') ?? ''}`.trimEnd()),
  'POST /evaluations/{evaluation_id}/rerun': audited('evaluation.create', 'evaluation', fromAnswer('id'),
    ({ answer, params }) => `re-ran evaluation ${params['evaluation_id'] ?? ''} as evaluation ${text(answer, 'id') ?? ''}`.trimEnd()),
  'POST /evaluations/{evaluation_id}/cancel': audited('evaluation.cancel', 'evaluation', fromParam('evaluation_id'), byPath('cancelled', 'evaluation', 'evaluation_id')),
  'DELETE /evaluations': audited('evaluation.delete', 'evaluation', ({ body }) => onlyOne(list(fieldOf(body, 'evaluations_ids'))),
    ({ answer }) => `deleted ${plural(Number(text(answer, 'deleted') ?? 0), 'evaluation')}`),

  'POST /human-evaluations': audited('human_evaluation.create', 'human_evaluation', fromAnswer('id'),
    ({ answer }) => `created a ${text(answer, 'evaluation_type') ?? 'human'} human evaluation`),
  'PUT /human-evaluations/{evaluation_id}': audited('human_evaluation.update', 'human_evaluation', fromParam('evaluation_id'),
    ({ body, params }) => `set human evaluation ${params['evaluation_id'] ?? ''} to ${text(body, 'status') ?? 'a new status'}`),
  'PUT /human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}': audited('human_evaluation.vote', 'human_evaluation_scenario',
    fromParam('scenario_id'), ({ params }) => `judged scenario ${params['scenario_id'] ?? ''} of human evaluation ${params['evaluation_id'] ?? ''}`),
  'PUT /human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}/{evaluation_type}': audited('human_evaluation.vote', 'human_evaluation_scenario',
    fromParam('scenario_id'), ({ params }) => `judged scenario ${params['scenario_id'] ?? ''} of human evaluation ${params['evaluation_id'] ?? ''}`),
  'DELETE /human-evaluations': audited('human_evaluation.delete', 'human_evaluation', ({ body }) => onlyOne(list(fieldOf(body, 'evaluations_ids'))),
    ({ answer }) => `deleted ${plural(Number(text(answer, 'deleted') ?? 0), 'human evaluation')}`),

  'POST /provider-connections': audited('connection.create', 'connection', fromAnswer('id'),
    (facts) => `${named('created', 'provider connection')(facts)} (${text(facts.answer, 'kind') ?? 'unknown kind'})`),
  'PATCH /provider-connections/{connection_id}': audited('connection.update', 'connection', fromParam('connection_id'), named('updated', 'provider connection')),
  'DELETE /provider-connections/{connection_id}': audited('connection.delete', 'connection', fromParam('connection_id'), byPath('deleted', 'provider connection', 'connection_id')),
  'POST /provider-connections/{connection_id}/test': { notAudited: 'asks the provider whether the connection works; changes nothing' },
  'POST /models': audited('model.create', 'model', fromAnswer('id'), ({ answer }) => `added custom model ${JSON.stringify(text(answer, 'id') ?? '')}`),
  'PATCH /models/{id}': audited('model.update', 'model', fromAnswer('id'), ({ answer }) => `updated custom model ${JSON.stringify(text(answer, 'id') ?? '')}`),
  'DELETE /models/{id}': audited('model.delete', 'model', fromParam('id'), ({ params }) => `deleted custom model ${JSON.stringify(params['id'] ?? '')}`),

  'POST /score-configs': audited('score_config.create', 'score_config', fromAnswer('id'), named('created', 'score config')),
  'PATCH /score-configs/{config_id}': audited('score_config.update', 'score_config', fromParam('config_id'),
    (facts) => `${fieldOf(facts.body, 'archived') === true ? 'archived' : 'restored'} score config${quoted(text(facts.answer, 'name'))}`),
  'POST /scores': audited('score.create', 'score', fromAnswer('id'),
    ({ answer }) => `scored trace ${text(answer, 'trace_id') ?? ''}: ${text(answer, 'name') ?? ''} = ${text(answer, 'value') ?? text(answer, 'string_value') ?? ''}`),
  'POST /annotation-queues': audited('annotation_queue.create', 'annotation_queue', fromAnswer('id'), named('created', 'annotation queue')),
  'POST /annotation-queues/{queue_id}/items': audited('annotation_queue.add_items', 'annotation_queue', fromParam('queue_id'),
    ({ answer, params }) => `queued ${plural(Number(text(answer, 'added') ?? 0), 'trace')} in annotation queue ${params['queue_id'] ?? ''}`),
  'POST /annotation-queues/{queue_id}/next': { notAudited: 'hands the caller the next item to annotate, held for a while; the completion is what is recorded' },
  'POST /annotation-queues/{queue_id}/items/{item_id}/complete': audited('annotation_item.complete', 'annotation_item', fromParam('item_id'),
    ({ answer }) => `completed the annotation of trace ${text(answer, 'trace_id') ?? ''}`),
  'POST /annotation-queues/{queue_id}/items/{item_id}/skip': audited('annotation_item.skip', 'annotation_item', fromParam('item_id'),
    ({ answer }) => `skipped the annotation of trace ${text(answer, 'trace_id') ?? ''}`),
  'POST /online-evaluations': audited('online_evaluation.create', 'online_evaluation', fromAnswer('id'), named('created', 'online evaluation')),
  'PATCH /online-evaluations/{rule_id}': audited('online_evaluation.update', 'online_evaluation', fromParam('rule_id'),
    (facts) => `${fieldOf(facts.body, 'active') === false ? 'paused' : 'resumed'} online evaluation${quoted(text(facts.answer, 'name'))}`),
  'POST /online-evaluations/{rule_id}/backfill': audited('online_evaluation.backfill', 'online_evaluation', fromParam('rule_id'),
    ({ answer }) => `backfilled an online evaluation over ${plural(Number(text(answer, 'traces') ?? 0), 'trace')}`),

  'POST /traces': { notAudited: 'telemetry: traces ingested from running applications' },
  'POST /v1/traces': { notAudited: 'telemetry: OpenTelemetry traces ingested from running applications' },
};

/** Written by the interceptor: the operation has a caller, and the rule says the event's words. */
export const isAudited = (rule: AuditRule): rule is AuditedOperation => 'summary' in rule;

/** The event's content for an operation that succeeded, or null when the interceptor writes none. */
export function changeOf(operation: string, facts: OperationFacts): Change | null {
  const rule = AUDIT_RULES[operation];
  if (!rule || !isAudited(rule)) return null;
  return { action: rule.action, resourceType: rule.resourceType, resourceId: rule.resourceId(facts), summary: rule.summary(facts) };
}

/**
 * The event an operation that succeeded leaves in the log, whoever writes it (the interceptor or, for a public
 * operation, its use case; the latter's summary is the use case's to word), or null when it leaves none.
 */
export function expectedEventOf(operation: string, facts: OperationFacts): (Omit<Change, 'summary'> & { summary?: string }) | null {
  const rule = AUDIT_RULES[operation];
  if (rule && 'writtenBy' in rule) return { action: rule.action, resourceType: rule.resourceType, resourceId: rule.resourceId(facts) };
  return changeOf(operation, facts);
}
