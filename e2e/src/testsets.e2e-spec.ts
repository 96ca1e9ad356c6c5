import { randomUUID } from 'node:crypto';
import type { CrucibleClient } from '@crucible/client';
// Raw client only for bodies and upload fields the contract forbids (missing name or file, rows that are not a list, an unknown upload type).
import type { HttpClient } from './support/http-client';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { type UploadedFile, postMultipart, uploadTestset } from './support/multipart';

const SUMMARY_FIELDS = ['_id', 'id', 'name', 'app_id', 'columns', 'version', 'rows_count', 'created_at', 'updated_at'];
const ROWS = [
  { country: 'France', correct_answer: 'Paris', difficulty: 1, verified: true, note: null },
  { country: 'Peru', correct_answer: 'Lima', difficulty: 2.5, verified: false, note: 'capital since 1535' },
];

describe.each<Engine>(['pglite', 'postgres'])('test sets over HTTP on %s', (engine) => {
  let server: RunningApi;
  let api: CrucibleClient;
  let raw: HttpClient;
  let other: CrucibleClient;
  let otherKey: string;

  beforeAll(async () => {
    server = await startApi(engine);
    api = server.api;
    raw = server.client;
    const created = await ok(api.POST('/projects', { body: { name: 'other-team' } }));
    otherKey = created.api_key!.key;
    other = server.withKey(otherKey);
  });
  afterAll(() => server.close());

  const testset = (id: string) => ({ params: { path: { testset_id: id } } });
  const create = (body: { name: string; csvdata: unknown[]; app_id?: string }, who = api) => answer(who.POST('/testsets', { body }));
  const rowsOf = async (id: string) => (await ok(api.GET('/testsets/{testset_id}', testset(id)))).csvdata;
  const upload = (fields: Parameters<typeof uploadTestset>[1], apiKey = server.apiKey) => answer(uploadTestset(server.withKey(apiKey), fields));
  const file = (name: string, content: string, type?: string): UploadedFile => ({ name, content, type });

  describe('CRUD', () => {
    it('creates, lists, reads, updates and deletes a test set', async () => {
      const created = await api.POST('/testsets', { body: { name: 'capitals', csvdata: ROWS } });
      expect(created.response.status).toBe(200);
      const summary = created.data!;
      expect(Object.keys(summary).sort()).toEqual([...SUMMARY_FIELDS].sort());
      expect(summary).toMatchObject({
        name: 'capitals', app_id: null, columns: ['country', 'correct_answer', 'difficulty', 'verified', 'note'], rows_count: 2,
      });
      const id = summary.id;

      const fetched = await api.GET('/testsets/{testset_id}', testset(id));
      expect(fetched.response.status).toBe(200);
      expect(fetched.data).toEqual({
        _id: id, id, name: 'capitals', app_id: null, columns: summary.columns, version: 1, csvdata: ROWS,
        created_at: summary.created_at, updated_at: summary.updated_at,
      });
      expect(Object.keys(fetched.data!.csvdata[0]!)).toEqual(summary.columns);

      const listed = await api.GET('/testsets');
      expect(listed.response.status).toBe(200);
      expect(listed.data!.find((t) => t.id === id)).toEqual(summary);

      // PUT answers as Agenta does; the list shows the change.
      const renamed = await answer(api.PUT('/testsets/{testset_id}', { ...testset(id), body: { name: 'capitals v2' } }));
      expect(renamed).toMatchObject({ status: 200, body: { _id: id, status: 'success', message: 'testset updated successfully' } });
      const afterRename = (await ok(api.GET('/testsets'))).find((t) => t.id === id);
      expect(afterRename).toMatchObject({ name: 'capitals v2', rows_count: 2 });
      expect(Date.parse(afterRename!.updated_at)).toBeGreaterThanOrEqual(Date.parse(summary.updated_at));
      await api.PUT('/testsets/{testset_id}', { ...testset(id), body: { csvdata: [{ question: 'q1', answer: 'a1' }] } });
      const replaced = (await ok(api.GET('/testsets'))).find((t) => t.id === id);
      expect(replaced).toMatchObject({ name: 'capitals v2', columns: ['question', 'answer'], rows_count: 1 });
      expect(await rowsOf(id)).toEqual([{ question: 'q1', answer: 'a1' }]);

      expect((await api.DELETE('/testsets/{testset_id}', testset(id))).response.status).toBe(204);
      expect((await api.GET('/testsets/{testset_id}', testset(id))).response.status).toBe(404);
      expect((await api.DELETE('/testsets/{testset_id}', testset(id))).response.status).toBe(404);
    });

    it('keeps column names that look like JavaScript internals', async () => {
      const rows = [{ constructor: 'x', toString: 'y', 'has space': 'z' }];
      const created = await create({ name: 'odd-columns', csvdata: rows });
      expect(created).toMatchObject({ status: 200, body: { columns: ['constructor', 'toString', 'has space'] } });
      expect(await rowsOf(created.body.id)).toEqual(rows);
    });

    it('scopes test sets to an app and filters the list by app_id', async () => {
      const app = await ok(api.POST('/apps', { body: { app_name: `testsets-${engine}` } }));
      const ofApp = await create({ name: 'of-app', csvdata: ROWS, app_id: app.app_id });
      expect(ofApp).toMatchObject({ status: 200, body: { app_id: app.app_id } });
      await create({ name: 'project-wide', csvdata: ROWS });
      const filtered = await ok(api.GET('/testsets', { params: { query: { app_id: app.app_id } } }));
      expect(filtered.map((t) => t.name)).toEqual(['of-app']);
      expect((await ok(api.GET('/testsets'))).map((t) => t.name)).toEqual(expect.arrayContaining(['of-app', 'project-wide']));
      expect(await answer(api.GET('/testsets', { params: { query: { app_id: 'nope' } } })))
        .toMatchObject({ status: 422, body: { detail: [{ loc: ['query', 'app_id'] }] } });
      expect((await create({ name: 'missing-app', csvdata: ROWS, app_id: randomUUID() })).status).toBe(404);
    });

    it('deletes many at once, Agenta style, counting only its own', async () => {
      const a = (await create({ name: 'bulk-a', csvdata: ROWS })).body;
      const b = (await create({ name: 'bulk-b', csvdata: ROWS })).body;
      const foreign = (await create({ name: 'bulk-c', csvdata: ROWS }, other)).body;
      const deleteMany = (ids: string[]) => answer(api.DELETE('/testsets', { body: { testset_ids: ids } }));
      const deleted = await deleteMany([a.id, b.id, foreign.id, randomUUID()]);
      expect(deleted.status).toBe(200);
      expect([...deleted.body].sort()).toEqual([a.id, b.id].sort());
      expect((await api.GET('/testsets/{testset_id}', testset(a.id))).response.status).toBe(404);
      expect((await other.GET('/testsets/{testset_id}', testset(foreign.id))).response.status).toBe(200);
      expect(await deleteMany(['not-a-uuid'])).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'testset_ids', 0] }] } });
      expect((await deleteMany([])).status).toBe(422);
    });
  });

  describe('ownership and names', () => {
    it("answers 404 for another project's test set and a missing one", async () => {
      const created = (await create({ name: 'private', csvdata: ROWS })).body;
      expect((await other.GET('/testsets/{testset_id}', testset(created.id))).response.status).toBe(404);
      expect((await other.PUT('/testsets/{testset_id}', { ...testset(created.id), body: { name: 'stolen' } })).response.status).toBe(404);
      expect((await other.DELETE('/testsets/{testset_id}', testset(created.id))).response.status).toBe(404);
      expect((await ok(other.GET('/testsets'))).map((t) => t.id)).not.toContain(created.id);
      expect((await api.GET('/testsets/{testset_id}', testset(randomUUID()))).response.status).toBe(404);
      expect((await api.GET('/testsets/{testset_id}', testset('not-a-uuid'))).response.status).toBe(404);
      const otherApp = await ok(other.POST('/apps', { body: { app_name: `foreign-${engine}` } }));
      expect((await create({ name: 'foreign-app', csvdata: ROWS, app_id: otherApp.app_id })).status).toBe(404);
      expect((await ok(api.GET('/testsets/{testset_id}', testset(created.id)))).name).toBe('private');
    });

    it('answers 409 for a taken name, on create and on rename, within one project only', async () => {
      const rename = (id: string, name: string) => api.PUT('/testsets/{testset_id}', { ...testset(id), body: { name } });
      const first = (await create({ name: 'taken', csvdata: ROWS })).body;
      expect(await create({ name: 'taken', csvdata: ROWS })).toMatchObject({ status: 409, body: { detail: expect.stringContaining('taken') } });
      const second = (await create({ name: 'free', csvdata: ROWS })).body;
      expect((await rename(second.id, 'taken')).response.status).toBe(409);
      expect((await create({ name: 'taken', csvdata: ROWS }, other)).status).toBe(200);
      expect((await rename(first.id, 'taken')).response.status).toBe(200);
    });
  });

  describe('validation', () => {
    it('names the ragged row and its missing and extra columns', async () => {
      const response = await create({ name: 'ragged', csvdata: [{ q: 'a', a: '1' }, { q: 'b', a: '2' }, { q: 'c', z: '3' }] });
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual([{
        loc: ['body', 'csvdata', 2], type: 'ragged_row', msg: expect.stringMatching(/row 2 .*missing "a".*extra "z"/),
      }]);
      expect((await ok(api.GET('/testsets'))).map((t) => t.name)).not.toContain('ragged');
    });

    it('names the row and column of a value that is not a scalar', async () => {
      const response = await create({ name: 'nested', csvdata: [{ q: 'a', meta: 'x' }, { q: 'b', meta: { deep: 1 } }] });
      expect(response).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'csvdata', 1, 'meta'], type: 'scalar_type' }] } });
      const list = await create({ name: 'list', csvdata: [{ q: ['a'] }] });
      expect(list).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'csvdata', 0, 'q'] }] } });
      const notObject = await create({ name: 'strings', csvdata: [{ q: 'a' }, 'b'] });
      expect(notObject).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'csvdata', 1], type: 'dict_type' }] } });
    });

    it('refuses empty csvdata, a missing or blank name, and csvdata that is not a list', async () => {
      expect(await create({ name: 'empty', csvdata: [] }))
        .toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'csvdata'], type: 'too_short' }] } });
      expect(await raw.post('/testsets', { csvdata: ROWS }))
        .toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }] } });
      expect(await create({ name: '   ', csvdata: ROWS }))
        .toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'name'] }] } });
      expect(await raw.post('/testsets', { name: 'dict', csvdata: { q: 'a' } }))
        .toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'csvdata'], type: 'list_type' }] } });
      const created = (await create({ name: 'kept', csvdata: ROWS })).body;
      expect(await answer(api.PUT('/testsets/{testset_id}', { ...testset(created.id), body: { csvdata: [{ q: 'a' }, { r: 'b' }] } })))
        .toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'csvdata', 1] }] } });
      expect(await rowsOf(created.id)).toEqual(ROWS);
    });
  });

  describe('uploads', () => {
    it('uploads a CSV file: columns from the header, values kept as strings', async () => {
      const csv = 'country,correct_answer,difficulty\nFrance,Paris,1\n"Korea, South",Seoul,3\n';
      const response = await upload({ file: file('capitals.csv', csv, 'text/csv') });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ name: 'capitals', columns: ['country', 'correct_answer', 'difficulty'], rows_count: 2 });
      expect(await rowsOf(response.body.id)).toEqual([
        { country: 'France', correct_answer: 'Paris', difficulty: '1' },
        { country: 'Korea, South', correct_answer: 'Seoul', difficulty: '3' },
      ]);
    });

    it('names the test set after a UTF-8 file name', async () => {
      const response = await upload({ file: file('données été.csv', 'question\nqu’est-ce que c’est ?\n') });
      expect(response).toMatchObject({ status: 200, body: { name: 'données été', columns: ['question'] } });
      expect(await rowsOf(response.body.id)).toEqual([{ question: 'qu’est-ce que c’est ?' }]);
    });

    it('uploads a JSON file with a chosen name and app, keeping value types', async () => {
      const app = await ok(api.POST('/apps', { body: { app_name: `uploads-${engine}` } }));
      const response = await upload({
        file: file('rows.txt', JSON.stringify(ROWS)), upload_type: 'JSON', testset_name: 'from json', app_id: app.app_id,
      });
      expect(response).toMatchObject({ status: 200, body: { name: 'from json', app_id: app.app_id, rows_count: 2 } });
      expect(await rowsOf(response.body.id)).toEqual(ROWS);
    });

    it('answers 422 naming the line or row of a bad file, and for a missing file or unknown format', async () => {
      const ragged = await upload({ file: file('ragged.csv', 'a,b\n1,2\n3,4,5\n') });
      expect(ragged).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'file'], msg: expect.stringContaining('line 3') }] } });
      const badJson = await upload({ file: file('bad.json', '[{"q": ') });
      expect(badJson).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'file'], type: 'json_invalid' }] } });
      const raggedJson = await upload({ file: file('ragged.json', JSON.stringify([{ q: 'a' }, { r: 'b' }])) });
      expect(raggedJson).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'file', 1], type: 'ragged_row' }] } });
      const headerOnly = await upload({ file: file('empty.csv', 'a,b\n') });
      expect(headerOnly).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'file'], type: 'too_short' }] } });
      const unknown = await upload({ file: file('rows.txt', 'a\n1\n') });
      expect(unknown).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'upload_type'] }] } });
      const badType = await postMultipart(raw, '/testsets/upload', { file: file('rows.csv', 'a\n1\n'), upload_type: 'xlsx' }, server.apiKey);
      expect(badType).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'upload_type'] }] } });
      const noFile = await postMultipart(raw, '/testsets/upload', { testset_name: 'nothing' }, server.apiKey);
      expect(noFile).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'file'], type: 'missing' }] } });
      const taken = await upload({ file: file('dup.csv', 'a\n1\n') });
      expect(taken.status).toBe(200);
      expect((await upload({ file: file('dup.csv', 'a\n1\n') })).status).toBe(409);
      expect((await answer(uploadTestset(server.withKey(undefined), { file: file('x.csv', 'a\n1\n') }))).status).toBe(401);
      expect((await upload({ file: file('mine.csv', 'a\n1\n') }, otherKey)).status).toBe(200);
    });

    it('uploads a 10 000-row CSV in one request and reads every row back', async () => {
      const lines = ['id,question,correct_answer'];
      for (let i = 0; i < 10_000; i++) lines.push(`${i},"What is ${i} + ${i}, exactly?",${i * 2}`);
      const response = await upload({ file: file('large.csv', `${lines.join('\n')}\n`) });
      expect(response).toMatchObject({ status: 200, body: { name: 'large', rows_count: 10_000 } });
      const listed = (await ok(api.GET('/testsets'))).find((t) => t.id === response.body.id);
      expect(listed!.rows_count).toBe(10_000);
      const rows = await rowsOf(response.body.id);
      expect(rows).toHaveLength(10_000);
      expect(rows[0]).toEqual({ id: '0', question: 'What is 0 + 0, exactly?', correct_answer: '0' });
      expect(rows[9_999]).toEqual({ id: '9999', question: 'What is 9999 + 9999, exactly?', correct_answer: '19998' });
      expect(rows.every((row, i) => row['id'] === String(i))).toBe(true);
    });
  });
});
