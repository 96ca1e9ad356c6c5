import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { CrucibleClient, CrucibleSchemas } from '@crucible/client';
// Raw client only for what the contract forbids: a pin or note of the wrong type, an unknown test type or export format, a creation without fields.
import type { HttpClient } from './support/http-client';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { type Answer, answer, ok } from './support/api-answers';
import { type ExampleStack, startCompletionExample } from './support/example-service';
import { type GatedProxy, startGatedProxy } from './support/gated-proxy';
import { waitFor } from './support/wait-for';

type ScenarioUpdate = CrucibleSchemas['UpdateHumanScenarioDto'];
type HumanEvaluationCreate = CrucibleSchemas['CreateHumanEvaluationDto'];

const CITIES = ['Paris', 'Berlin', 'Madrid', 'Rome', 'Lisbon', 'Vienna'];
/** `rank` is a number (shown JSON-encoded); `context` needs CSV quoting (quotes, comma, line break). */
const ROWS = CITIES.map((city, i) => ({
  input: city, rank: i + 1, context: `capital #${i + 1}: "${city}", Europe\nsecond line`, correct_answer: city,
}));
const EXACT = { prompt_template: 'MOCK_REPLY: {input}' };
const HEDGING = { prompt_template: 'MOCK_REPLY: maybe {input}' };
/** Breaks the completion app's schema (temperature ≤ 2): the SDK answers 422, which is not retried. */
const BROKEN = { prompt_template: 'MOCK_REPLY: {input}', temperature: 5 };
const SCENARIO_FIELDS = [
  'correct_answer', 'evaluation_id', 'id', 'inputs', 'is_pinned', 'modified_by', 'modified_by_id', 'note', 'outputs', 'score', 'scores', 'vote',
];

let example: ExampleStack;
beforeAll(async () => {
  example = await startCompletionExample();
});
afterAll(() => example?.close());

describe.each<Engine>(['pglite', 'postgres'])('human evaluations over HTTP on %s', (engine) => {
  let server: RunningApi;
  let api: CrucibleClient;
  let raw: HttpClient;
  let judge: CrucibleClient;
  let other: CrucibleClient;
  let app: { app_id: string; project_id: string };
  let variantId: string;
  let revisionIds: string[];
  let brokenRevisionId: string;
  let testsetId: string;

  async function addVariant(appId: string, name: string, url: string, parameters: Record<string, unknown>) {
    const variant = await api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: { app_id: appId } }, body: { variant_name: name, url, parameters },
    });
    expect(variant.response.status).toBe(200);
    return variant.data!;
  }

  async function revisionsOf(id: string): Promise<string[]> {
    return (await ok(api.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: id } } }))).map((r) => r.id);
  }

  async function create(body: Omit<HumanEvaluationCreate, 'app_id' | 'testset_id'>) {
    const response = await api.POST('/human-evaluations', { body: { app_id: app.app_id, testset_id: testsetId, ...body } });
    expect(response.response.status).toBe(200);
    return response.data!;
  }

  const ofEvaluation = (id: string) => ({ params: { path: { evaluation_id: id } } });

  const settled = (id: string) => waitFor(`human evaluation ${id} to settle`, async () => {
    const evaluation = await ok(api.GET('/human-evaluations/{evaluation_id}', ofEvaluation(id)));
    return ['EVALUATION_READY', 'EVALUATION_FAILED'].includes(evaluation.status) ? evaluation : undefined;
  }, 60_000, 50);

  const scenariosOf = (id: string) => ok(api.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', ofEvaluation(id)));
  const resultsOf = (id: string) => api.GET('/human-evaluations/{evaluation_id}/results', ofEvaluation(id));
  const put = (who: CrucibleClient, id: string, scenarioId: string, body: ScenarioUpdate) =>
    answer(who.PUT('/human-evaluations/{evaluation_id}/evaluation_scenario/{scenario_id}', {
      params: { path: { evaluation_id: id, scenario_id: scenarioId } }, body,
    }));
  const deleteEvaluations = (ids: string[], who = api) => who.DELETE('/human-evaluations', { body: { evaluations_ids: ids } });

  beforeAll(async () => {
    server = await startApi(engine);
    api = server.api;
    raw = server.client;
    app = await ok(api.POST('/apps', { body: { app_name: `human-${engine}` } }));
    const key = await ok(api.POST('/projects/{project_id}/api-keys', { params: { path: { project_id: app.project_id } }, body: { name: 'judge' } }));
    judge = server.withKey(key.key);
    other = server.withKey((await ok(api.POST('/projects', { body: { name: 'other-judges' } }))).api_key!.key);
    variantId = (await addVariant(app.app_id, 'completion', example.service.url, EXACT)).variant_id;
    await api.PUT('/variants/{variant_id}/parameters', { params: { path: { variant_id: variantId } }, body: { parameters: HEDGING, commit_message: 'hedge' } });
    revisionIds = await revisionsOf(variantId);
    const broken = await addVariant(app.app_id, 'broken', example.service.url, BROKEN);
    [brokenRevisionId] = (await revisionsOf(broken.variant_id)) as [string];
    testsetId = (await ok(api.POST('/testsets', { body: { name: `cities-${engine}`, csvdata: ROWS, app_id: app.app_id } }))).id;
  });
  afterAll(() => server?.close());

  describe('A/B test over two revisions of one variant', () => {
    let abId: string;

    beforeAll(async () => {
      const created = await create({ evaluation_type: 'human_a_b_testing', revisions_ids: revisionIds });
      abId = created.id;
      expect(created).toMatchObject({
        app_id: app.app_id, project_id: app.project_id, evaluation_type: 'human_a_b_testing',
        variants: [
          { variant_id: variantId, variant_name: 'completion', variant_revision_id: revisionIds[0], revision: 1, parameters: EXACT },
          { variant_id: variantId, variant_name: 'completion', variant_revision_id: revisionIds[1], revision: 2, parameters: HEDGING },
        ],
        variants_revision_ids: revisionIds, revisions: ['1', '2'], testset: { id: testsetId, name: `cities-${engine}` },
        inputs: ['input', 'rank', 'context'], status: 'EVALUATION_INITIALIZED',
        progress: { done: 0, total: ROWS.length },
      });
      // Changing the variant now must not change what is judged: both revisions were pinned at creation.
      await api.PUT('/variants/{variant_id}/parameters', {
        params: { path: { variant_id: variantId } }, body: { parameters: { prompt_template: 'MOCK_REPLY: changed' } },
      });
    });

    it('generates both revisions\' output for every row, then is READY with full progress', async () => {
      const ready = await settled(abId);
      expect(ready).toMatchObject({ status: 'EVALUATION_READY', progress: { done: 6, total: 6 } });
      expect(ready.status_error).toBeUndefined();
      expect((await ok(api.GET('/human-evaluations', { params: { query: { app_id: app.app_id } } }))).map((e) => e.id)).toContain(abId);
      const scenarios = await scenariosOf(abId);
      expect(scenarios).toHaveLength(ROWS.length);
      expect(Object.keys(scenarios[0]!).sort()).toEqual(SCENARIO_FIELDS);
      expect(scenarios[1]).toEqual({
        id: expect.any(String), evaluation_id: abId,
        inputs: [
          { input_name: 'input', input_value: 'Berlin' }, { input_name: 'rank', input_value: '2' },
          { input_name: 'context', input_value: ROWS[1]!.context },
        ],
        outputs: [
          { variant_id: variantId, variant_revision_id: revisionIds[0], variant_output: 'Berlin' },
          { variant_id: variantId, variant_revision_id: revisionIds[1], variant_output: 'maybe Berlin' },
        ],
        vote: null, score: null, scores: [], correct_answer: 'Berlin', is_pinned: false, note: null, modified_by: null, modified_by_id: null,
      });
      expect(scenarios.map((s) => s.inputs[0]!.input_value)).toEqual(CITIES);
    });

    it('takes votes from concurrent judges, loses none, and tallies them', async () => {
      const scenarios = await scenariosOf(abId);
      const [first, second] = revisionIds as [string, string];
      const votes = [first, second, first, '1', '0', first];
      const results = await Promise.all(scenarios.flatMap((s, i) => [
        put(i % 2 === 0 ? api : judge, abId, s.id, { vote: votes[i] }),
        // A second judge edits other fields of the same scenario at the same time.
        put(i % 2 === 0 ? judge : api, abId, s.id, { note: `row ${i}`, is_pinned: i === 0 }),
      ]));
      expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
      expect(results[0]!.body).toMatchObject({ id: scenarios[0]!.id, vote: first });
      const judged = await scenariosOf(abId);
      expect(judged.map((s) => [s.vote, s.note, s.is_pinned])).toEqual(votes.map((vote, i) => [vote, `row ${i}`, i === 0]));

      const tally = await resultsOf(abId);
      expect(tally.data).toEqual({
        evaluation_id: abId, evaluation_type: 'human_a_b_testing',
        variants: [
          { variant_id: variantId, variant_name: 'completion', variant_revision_id: first, revision: 1, votes: 3, percentage: 50 },
          { variant_id: variantId, variant_name: 'completion', variant_revision_id: second, revision: 2, votes: 1, percentage: 16.67 },
        ],
        both_good: 1, both_bad: 1, judged: 6, total: 6,
        // Agenta's shape: percentages of every row; both sides are one variant here, so keyed by revision.
        votes_data: {
          variants: [first, second], variant_names: ['completion', 'completion'], nb_of_rows: 6,
          flag_votes: { number_of_votes: 1, percentage: 16.67 }, positive_votes: { number_of_votes: 1, percentage: 16.67 },
          variants_votes_data: { [first]: { number_of_votes: 3, percentage: 50 }, [second]: { number_of_votes: 1, percentage: 16.67 } },
        },
      });
      const changed = await put(judge, abId, scenarios[0]!.id, { vote: '1', correct_answer: 'Paris, France' });
      // `modified_by` names who judged the row last: here the judge's key.
      expect(changed.body).toMatchObject({ vote: '1', correct_answer: 'Paris, France', note: 'row 0', is_pinned: true, modified_by: 'judge' });
      expect((await resultsOf(abId)).data).toMatchObject({ both_good: 2, judged: 6 });
    });

    it('answers 422 on every invalid vote, score or field, and 404 for unknown scenarios', async () => {
      const [scenario] = await scenariosOf(abId);
      const expect422 = (body: unknown, loc: string[], response: Answer) =>
        expect({ body, status: response.status, loc: response.body.detail?.[0]?.loc }).toEqual({ body, status: 422, loc });
      const cases: Array<[ScenarioUpdate, string[]]> = [
        [{ vote: 'nope' }, ['body', 'vote']],
        [{ vote: variantId }, ['body', 'vote']], // both sides are this variant: ambiguous
        [{ vote: brokenRevisionId }, ['body', 'vote']],
        [{ vote: '2' }, ['body', 'vote']],
        [{ vote: 1 }, ['body', 'vote']],
        [{ score: 3 }, ['body', 'score']],
        [{ score: '4' }, ['body', 'score']],
        [{}, ['body']],
      ];
      for (const [body, loc] of cases) expect422(body, loc, await put(api, abId, scenario!.id, body));
      const forbidden: Array<[Record<string, unknown>, string[]]> = [[{ is_pinned: 'yes' }, ['body', 'is_pinned']], [{ note: 42 }, ['body', 'note']]];
      for (const [body, loc] of forbidden) {
        expect422(body, loc, await raw.put(`/human-evaluations/${abId}/evaluation_scenario/${scenario!.id}`, body));
      }
      expect((await scenariosOf(abId))[0]).toEqual(scenario);
      expect((await put(api, abId, randomUUID(), { vote: '1' })).status).toBe(404);
      expect((await put(api, abId, 'not-an-id', { vote: '1' })).status).toBe(404);
      expect((await put(api, randomUUID(), scenario!.id, { vote: '1' })).status).toBe(404);
    });

    it('exports every scenario as JSON and as CSV that round-trip', async () => {
      const scenarios = await scenariosOf(abId);
      const json = await api.GET('/human-evaluations/{evaluation_id}/export', ofEvaluation(abId));
      expect(json.response.status).toBe(200);
      expect(json.response.headers.get('content-disposition')).toBe(`attachment; filename="human-evaluation-${abId}.json"`);
      const columns = ['input', 'rank', 'context', 'completion v1', 'completion v2', 'vote', 'score', 'correct_answer', 'is_pinned', 'note'];
      const expected = scenarios.map((s) => ({
        ...Object.fromEntries(s.inputs.map((i) => [i.input_name, i.input_value])),
        'completion v1': s.outputs[0]!.variant_output, 'completion v2': s.outputs[1]!.variant_output,
        vote: s.vote, score: s.score, correct_answer: s.correct_answer, is_pinned: s.is_pinned, note: s.note,
      }));
      expect(json.data).toEqual(expected);
      expect(Object.keys(json.data![0]!)).toEqual(columns);

      const csv = await api.GET('/human-evaluations/{evaluation_id}/export', {
        params: { path: { evaluation_id: abId }, query: { format: 'csv' } }, parseAs: 'text',
      });
      expect(csv.response.status).toBe(200);
      expect(csv.response.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(csv.response.headers.get('content-disposition')).toBe(`attachment; filename="human-evaluation-${abId}.csv"`);
      const text = csv.data!;
      expect(parse(text, { to_line: 1 })).toEqual([columns]);
      const records: Array<Record<string, string>> = parse(text, { columns: true });
      const asText = (value: unknown) => (value === null ? '' : String(value));
      expect(records).toEqual(expected.map((row: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [key, asText(value)]))));
      expect(records[0]!.context).toContain('"Paris", Europe\nsecond line');

      const bad = await raw.get(`/human-evaluations/${abId}/export?format=xml`);
      expect(bad).toMatchObject({ status: 422, body: { detail: [{ loc: ['query', 'format'], type: 'literal_error' }] } });
    });

    it('is invisible to another project and deletable by its own', async () => {
      const [scenario] = await scenariosOf(abId);
      const ofAb = ofEvaluation(abId);
      const reads: Array<[string, () => Promise<{ response: Response }>]> = [
        ['', () => other.GET('/human-evaluations/{evaluation_id}', ofAb)],
        ['/status', () => other.GET('/human-evaluations/{evaluation_id}/status', ofAb)],
        ['/evaluation_scenarios', () => other.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', ofAb)],
        ['/results', () => other.GET('/human-evaluations/{evaluation_id}/results', ofAb)],
        ['/export', () => other.GET('/human-evaluations/{evaluation_id}/export', ofAb)],
        ['/export?format=csv', () => other.GET('/human-evaluations/{evaluation_id}/export', {
          params: { path: { evaluation_id: abId }, query: { format: 'csv' } }, parseAs: 'text',
        })],
      ];
      for (const [path, read] of reads) {
        expect({ path, status: (await read()).response.status }).toEqual({ path, status: 404 });
      }
      expect((await put(other, abId, scenario!.id, { vote: '1' })).status).toBe(404);
      expect((await other.GET('/human-evaluations')).data).toEqual([]);
      expect((await other.POST('/human-evaluations', {
        body: { app_id: app.app_id, evaluation_type: 'human_a_b_testing', revisions_ids: revisionIds, testset_id: testsetId },
      })).response.status).toBe(404);
      expect((await deleteEvaluations([abId], other)).response.status).toBe(404);

      const spare = await create({ evaluation_type: 'single_model_test', revisions_ids: [revisionIds[0]!] });
      await settled(spare.id);
      expect((await deleteEvaluations([spare.id])).data).toEqual({ deleted: 1 });
      expect((await api.GET('/human-evaluations/{evaluation_id}', ofEvaluation(spare.id))).response.status).toBe(404);
      expect((await api.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', ofEvaluation(spare.id))).response.status).toBe(404);
      expect((await deleteEvaluations([spare.id])).response.status).toBe(404);
      expect((await deleteEvaluations([])).response.status).toBe(422);
      expect((await api.GET('/human-evaluations/{evaluation_id}', ofAb)).response.status).toBe(200);
    });
  });

  it('scores a single-model test from concurrent judges, showing only the chosen inputs', async () => {
    const created = await create({
      evaluation_type: 'single_model_test', revisions_ids: [revisionIds[1]!], inputs: ['input'], correct_answer_column: 'correct_answer',
    });
    expect(created).toMatchObject({ variants: [{ variant_revision_id: revisionIds[1], revision: 2 }], inputs: ['input'] });
    expect((await settled(created.id)).status).toBe('EVALUATION_READY');
    const scenarios = await scenariosOf(created.id);
    expect(scenarios[0]).toMatchObject({
      inputs: [{ input_name: 'input', input_value: 'Paris' }],
      outputs: [{ variant_id: variantId, variant_output: 'maybe Paris' }], correct_answer: 'Paris',
    });

    const scores = [5, '4', 4, 3, '1', 5];
    const answers = await Promise.all(scenarios.map((s, i) => put(i % 2 ? judge : api, created.id, s.id, { score: scores[i] })));
    expect(answers.map((a) => [a.status, a.body.score])).toEqual([[200, 5], [200, 4], [200, 4], [200, 3], [200, 1], [200, 5]]);
    expect((await resultsOf(created.id)).data).toEqual({
      evaluation_id: created.id, evaluation_type: 'single_model_test',
      scores: { 1: 1, 2: 0, 3: 1, 4: 2, 5: 2 }, mean: 22 / 6, judged: 6, total: 6,
      results_data: { 1: 1, 2: 0, 3: 1, 4: 2, 5: 2 },
    });

    const invalid: Array<[ScenarioUpdate, string, string]> = [
      [{ score: 0 }, 'score', 'greater_than_equal'], [{ score: 6 }, 'score', 'less_than_equal'],
      [{ score: '4.5' }, 'score', 'int_parsing'], [{ score: 2.5 }, 'score', 'int_type'], [{ score: 'x' }, 'score', 'int_parsing'],
      [{ score: true }, 'score', 'int_type'], [{ vote: revisionIds[1] }, 'vote', 'value_error'], [{ vote: '1' }, 'vote', 'value_error'],
    ];
    for (const [body, field, type] of invalid) {
      const response = await put(api, created.id, scenarios[0]!.id, body);
      expect({ body, status: response.status, detail: response.body.detail }).toEqual({
        body, status: 422, detail: [expect.objectContaining({ loc: ['body', field], type })],
      });
    }
    expect((await put(api, created.id, scenarios[0]!.id, { score: null })).body.score).toBeNull();
    expect((await resultsOf(created.id)).data).toMatchObject({ scores: { 5: 1 }, judged: 5 });
  });

  it('keeps a failed invocation visible in its output and fails a test where every invocation failed', async () => {
    const mixed = await create({ evaluation_type: 'human_a_b_testing', revisions_ids: [revisionIds[0]!, brokenRevisionId] });
    const single = await create({ evaluation_type: 'single_model_test', revisions_ids: [brokenRevisionId] });
    const mixedDone = await settled(mixed.id);
    expect(mixedDone).toMatchObject({ status: 'EVALUATION_READY', status_error: { message: expect.stringContaining('6 of 12') } });
    const scenario = (await scenariosOf(mixed.id))[0]!;
    expect(scenario.outputs[0]).toEqual({ variant_id: variantId, variant_revision_id: revisionIds[0], variant_output: 'Paris' });
    expect(scenario.outputs[1]).toMatchObject({
      variant_revision_id: brokenRevisionId, variant_output: '', error: { message: expect.stringContaining('temperature') },
    });
    expect((await put(api, mixed.id, scenario.id, { vote: revisionIds[0] })).status).toBe(200);

    const failed = await settled(single.id);
    expect(failed).toMatchObject({ status: 'EVALUATION_FAILED', status_error: { message: expect.stringMatching(/^every invocation failed/) } });
    const [failedScenario] = await scenariosOf(single.id);
    expect(failedScenario!.outputs[0]!.error!.message).toEqual(expect.any(String));
    expect((await put(api, single.id, failedScenario!.id, { score: 3 })).status).toBe(409);
  });

  describe('while outputs are being generated', () => {
    let gate: GatedProxy;
    beforeAll(async () => {
      gate = await startGatedProxy(example.service.url);
    });
    afterAll(() => gate?.close());

    it('shows STARTED with its progress and refuses judgments (409) until READY', async () => {
      const gated = await addVariant(app.app_id, 'gated', gate.url, EXACT);
      const [revisionId] = await revisionsOf(gated.variant_id);
      const created = await create({ evaluation_type: 'single_model_test', revisions_ids: [revisionId!] });
      await waitFor('the runner to call the service', async () => (gate.held() > 0 ? true : undefined));
      const started = await api.GET('/human-evaluations/{evaluation_id}/status', ofEvaluation(created.id));
      expect(started.data).toEqual({ id: created.id, status: { type: 'status', value: 'EVALUATION_STARTED' }, progress: { done: 0, total: 6 } });
      const early = await put(api, created.id, randomUUID(), { score: 4 });
      expect(early.status).toBe(409);
      expect(early.body.detail).toMatch(/EVALUATION_STARTED/);
      gate.release();
      expect((await settled(created.id)).status).toBe('EVALUATION_READY');
      const [first] = await scenariosOf(created.id);
      expect((await put(api, created.id, first!.id, { score: 4 })).body.score).toBe(4);
    });
  });

  it('validates creation: 422 for bad bodies and revision counts, 404 for unknown ids, 400 for a foreign revision', async () => {
    const base: HumanEvaluationCreate = { app_id: app.app_id, evaluation_type: 'human_a_b_testing', revisions_ids: revisionIds, testset_id: testsetId };
    const createAs = (body: HumanEvaluationCreate) => answer(api.POST('/human-evaluations', { body }));
    const locsOf = (body: unknown, loc: Array<string | number>, response: Answer) =>
      expect({ body, status: response.status, locs: response.body.detail?.map((d: any) => d.loc) }).toEqual({ body, status: 422, locs: [loc] });
    const expect422 = async (body: HumanEvaluationCreate, loc: Array<string | number>) => locsOf(body, loc, await createAs(body));
    await expect422({ ...base, revisions_ids: [revisionIds[0]!] }, ['body', 'revisions_ids']);
    await expect422({ ...base, revisions_ids: [revisionIds[0]!, revisionIds[0]!] }, ['body', 'revisions_ids']);
    await expect422({ ...base, revisions_ids: [...revisionIds, brokenRevisionId] }, ['body', 'revisions_ids']);
    await expect422({ ...base, evaluation_type: 'single_model_test' }, ['body', 'revisions_ids']);
    const elo = { ...base, evaluation_type: 'elo' };
    locsOf(elo, ['body', 'evaluation_type'], await raw.post('/human-evaluations', elo));
    await expect422({ ...base, inputs: ['input', 'nope'] }, ['body', 'inputs', 1]);
    await expect422({ ...base, correct_answer_column: 'answer' }, ['body', 'correct_answer_column']);
    await expect422({ ...base, revisions_ids: ['x', revisionIds[1]!] }, ['body', 'revisions_ids', 0]);
    const missing = await raw.post('/human-evaluations', {});
    expect(missing.body.detail.map((d: any) => d.loc.join('.')).sort()).toEqual(
      ['body.app_id', 'body.evaluation_type', 'body.revisions_ids', 'body.testset_id'],
    );

    expect((await createAs({ ...base, app_id: randomUUID() })).status).toBe(404);
    expect((await createAs({ ...base, testset_id: randomUUID() })).status).toBe(404);
    expect((await createAs({ ...base, revisions_ids: [revisionIds[0]!, randomUUID()] })).status).toBe(404);
    const otherApp = await ok(api.POST('/apps', { body: { app_name: `human-other-${engine}` } }));
    const foreign = await addVariant(otherApp.app_id, 'elsewhere', example.service.url, EXACT);
    const [foreignRevision] = await revisionsOf(foreign.variant_id);
    expect((await createAs({ ...base, revisions_ids: [revisionIds[0]!, foreignRevision!] })).status).toBe(400);
    expect((await api.GET('/human-evaluations/{evaluation_id}', ofEvaluation(randomUUID()))).response.status).toBe(404);
    expect((await api.GET('/human-evaluations/{evaluation_id}/evaluation_scenarios', ofEvaluation(randomUUID()))).response.status).toBe(404);
    expect((await api.GET('/human-evaluations', { params: { query: { app_id: 'nope' } } })).response.status).toBe(422);
  });
});
