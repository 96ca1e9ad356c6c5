import { randomUUID } from 'node:crypto';
import type { HttpClient } from './support/http-client';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { postMultipart } from './support/multipart';

const SUMMARY_FIELDS = ['_id', 'id', 'name', 'app_id', 'columns', 'rows_count', 'created_at', 'updated_at'];
const ROWS = [
  { country: 'France', correct_answer: 'Paris', difficulty: 1, verified: true, note: null },
  { country: 'Peru', correct_answer: 'Lima', difficulty: 2.5, verified: false, note: 'capital since 1535' },
];

describe.each<Engine>(['pglite', 'postgres'])('test sets over HTTP on %s', (engine) => {
  let api: RunningApi;
  let client: HttpClient;
  let other: HttpClient;
  let otherKey: string;

  beforeAll(async () => {
    api = await startApi(engine);
    client = api.client;
    const created = await client.post('/projects', { name: 'other-team' });
    otherKey = created.body.api_key.key;
    other = client.withKey(otherKey);
  });
  afterAll(() => api.close());

  const upload = (fields: Parameters<typeof postMultipart>[2], apiKey = api.apiKey) =>
    postMultipart(client, '/testsets/upload', fields, apiKey);

  describe('CRUD', () => {
    it('creates, lists, reads, updates and deletes a test set', async () => {
      const created = await client.post('/testsets', { name: 'capitals', csvdata: ROWS });
      expect(created.status).toBe(200);
      expect(Object.keys(created.body).sort()).toEqual([...SUMMARY_FIELDS].sort());
      expect(created.body).toMatchObject({
        name: 'capitals', app_id: null, columns: ['country', 'correct_answer', 'difficulty', 'verified', 'note'], rows_count: 2,
      });
      const id = created.body.id;

      const fetched = await client.get(`/testsets/${id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.body).toEqual({
        _id: id, id, name: 'capitals', app_id: null, columns: created.body.columns, csvdata: ROWS,
        created_at: created.body.created_at, updated_at: created.body.updated_at,
      });
      expect(Object.keys(fetched.body.csvdata[0])).toEqual(created.body.columns);

      const listed = await client.get('/testsets');
      expect(listed.status).toBe(200);
      const summary = listed.body.find((t: { id: string }) => t.id === id);
      expect(summary).toEqual(created.body);

      // PUT answers as Agenta does; the list shows the change.
      const renamed = await client.put(`/testsets/${id}`, { name: 'capitals v2' });
      expect(renamed).toMatchObject({ status: 200, body: { _id: id, status: 'success', message: 'testset updated successfully' } });
      const afterRename = (await client.get('/testsets')).body.find((t: { id: string }) => t.id === id);
      expect(afterRename).toMatchObject({ name: 'capitals v2', rows_count: 2 });
      expect(Date.parse(afterRename.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.body.updated_at));
      await client.put(`/testsets/${id}`, { csvdata: [{ question: 'q1', answer: 'a1' }] });
      const replaced = (await client.get('/testsets')).body.find((t: { id: string }) => t.id === id);
      expect(replaced).toMatchObject({ name: 'capitals v2', columns: ['question', 'answer'], rows_count: 1 });
      expect((await client.get(`/testsets/${id}`)).body.csvdata).toEqual([{ question: 'q1', answer: 'a1' }]);

      expect((await client.delete(`/testsets/${id}`)).status).toBe(204);
      expect((await client.get(`/testsets/${id}`)).status).toBe(404);
      expect((await client.delete(`/testsets/${id}`)).status).toBe(404);
    });

    it('keeps column names that look like JavaScript internals', async () => {
      const rows = [{ constructor: 'x', toString: 'y', 'has space': 'z' }];
      const created = await client.post('/testsets', { name: 'odd-columns', csvdata: rows });
      expect(created).toMatchObject({ status: 200, body: { columns: ['constructor', 'toString', 'has space'] } });
      expect((await client.get(`/testsets/${created.body.id}`)).body.csvdata).toEqual(rows);
    });

    it('scopes test sets to an app and filters the list by app_id', async () => {
      const app = (await client.post('/apps', { app_name: `testsets-${engine}` })).body;
      const ofApp = await client.post('/testsets', { name: 'of-app', csvdata: ROWS, app_id: app.app_id });
      expect(ofApp).toMatchObject({ status: 200, body: { app_id: app.app_id } });
      await client.post('/testsets', { name: 'project-wide', csvdata: ROWS });
      const filtered = await client.get(`/testsets?app_id=${app.app_id}`);
      expect(filtered.body.map((t: { name: string }) => t.name)).toEqual(['of-app']);
      expect((await client.get('/testsets')).body.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['of-app', 'project-wide']));
      expect(await client.get('/testsets?app_id=nope')).toMatchObject({ status: 422, body: { detail: [{ loc: ['query', 'app_id'] }] } });
      expect((await client.post('/testsets', { name: 'missing-app', csvdata: ROWS, app_id: randomUUID() })).status).toBe(404);
    });

    it('deletes many at once, Agenta style, counting only its own', async () => {
      const a = (await client.post('/testsets', { name: 'bulk-a', csvdata: ROWS })).body;
      const b = (await client.post('/testsets', { name: 'bulk-b', csvdata: ROWS })).body;
      const foreign = (await other.post('/testsets', { name: 'bulk-c', csvdata: ROWS })).body;
      const deleted = await client.delete('/testsets', { testset_ids: [a.id, b.id, foreign.id, randomUUID()] });
      expect(deleted.status).toBe(200);
      expect([...deleted.body].sort()).toEqual([a.id, b.id].sort());
      expect((await client.get(`/testsets/${a.id}`)).status).toBe(404);
      expect((await other.get(`/testsets/${foreign.id}`)).status).toBe(200);
      expect(await client.delete('/testsets', { testset_ids: ['not-a-uuid'] })).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'testset_ids', 0] }] } });
      expect((await client.delete('/testsets', { testset_ids: [] })).status).toBe(422);
    });
  });

  describe('ownership and names', () => {
    it("answers 404 for another project's test set and a missing one", async () => {
      const created = (await client.post('/testsets', { name: 'private', csvdata: ROWS })).body;
      expect((await other.get(`/testsets/${created.id}`)).status).toBe(404);
      expect((await other.put(`/testsets/${created.id}`, { name: 'stolen' })).status).toBe(404);
      expect((await other.delete(`/testsets/${created.id}`)).status).toBe(404);
      expect((await other.get('/testsets')).body.map((t: { id: string }) => t.id)).not.toContain(created.id);
      expect((await client.get(`/testsets/${randomUUID()}`)).status).toBe(404);
      expect((await client.get('/testsets/not-a-uuid')).status).toBe(404);
      const otherApp = (await other.post('/apps', { app_name: `foreign-${engine}` })).body;
      expect((await client.post('/testsets', { name: 'foreign-app', csvdata: ROWS, app_id: otherApp.app_id })).status).toBe(404);
      expect((await client.get(`/testsets/${created.id}`)).body.name).toBe('private');
    });

    it('answers 409 for a taken name, on create and on rename, within one project only', async () => {
      const first = (await client.post('/testsets', { name: 'taken', csvdata: ROWS })).body;
      expect(await client.post('/testsets', { name: 'taken', csvdata: ROWS })).toMatchObject({ status: 409, body: { detail: expect.stringContaining('taken') } });
      const second = (await client.post('/testsets', { name: 'free', csvdata: ROWS })).body;
      expect((await client.put(`/testsets/${second.id}`, { name: 'taken' })).status).toBe(409);
      expect((await other.post('/testsets', { name: 'taken', csvdata: ROWS })).status).toBe(200);
      expect((await client.put(`/testsets/${first.id}`, { name: 'taken' })).status).toBe(200);
    });
  });

  describe('validation', () => {
    it('names the ragged row and its missing and extra columns', async () => {
      const response = await client.post('/testsets', {
        name: 'ragged', csvdata: [{ q: 'a', a: '1' }, { q: 'b', a: '2' }, { q: 'c', z: '3' }],
      });
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual([{
        loc: ['body', 'csvdata', 2], type: 'ragged_row', msg: expect.stringMatching(/row 2 .*missing "a".*extra "z"/),
      }]);
      expect((await client.get('/testsets')).body.map((t: { name: string }) => t.name)).not.toContain('ragged');
    });

    it('names the row and column of a value that is not a scalar', async () => {
      const response = await client.post('/testsets', { name: 'nested', csvdata: [{ q: 'a', meta: 'x' }, { q: 'b', meta: { deep: 1 } }] });
      expect(response).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'csvdata', 1, 'meta'], type: 'scalar_type' }] } });
      const list = await client.post('/testsets', { name: 'list', csvdata: [{ q: ['a'] }] });
      expect(list).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'csvdata', 0, 'q'] }] } });
      const notObject = await client.post('/testsets', { name: 'strings', csvdata: [{ q: 'a' }, 'b'] });
      expect(notObject).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'csvdata', 1], type: 'dict_type' }] } });
    });

    it('refuses empty csvdata, a missing or blank name, and csvdata that is not a list', async () => {
      expect(await client.post('/testsets', { name: 'empty', csvdata: [] }))
        .toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'csvdata'], type: 'too_short' }] } });
      expect(await client.post('/testsets', { csvdata: ROWS }))
        .toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }] } });
      expect(await client.post('/testsets', { name: '   ', csvdata: ROWS }))
        .toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'name'] }] } });
      expect(await client.post('/testsets', { name: 'dict', csvdata: { q: 'a' } }))
        .toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'csvdata'], type: 'list_type' }] } });
      const created = (await client.post('/testsets', { name: 'kept', csvdata: ROWS })).body;
      expect(await client.put(`/testsets/${created.id}`, { csvdata: [{ q: 'a' }, { r: 'b' }] }))
        .toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'csvdata', 1] }] } });
      expect((await client.get(`/testsets/${created.id}`)).body.csvdata).toEqual(ROWS);
    });
  });

  describe('uploads', () => {
    it('uploads a CSV file: columns from the header, values kept as strings', async () => {
      const csv = 'country,correct_answer,difficulty\nFrance,Paris,1\n"Korea, South",Seoul,3\n';
      const response = await upload({ file: { name: 'capitals.csv', content: csv, type: 'text/csv' } });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ name: 'capitals', columns: ['country', 'correct_answer', 'difficulty'], rows_count: 2 });
      const fetched = await client.get(`/testsets/${response.body.id}`);
      expect(fetched.body.csvdata).toEqual([
        { country: 'France', correct_answer: 'Paris', difficulty: '1' },
        { country: 'Korea, South', correct_answer: 'Seoul', difficulty: '3' },
      ]);
    });

    it('names the test set after a UTF-8 file name', async () => {
      const response = await upload({ file: { name: 'données été.csv', content: 'question\nqu’est-ce que c’est ?\n' } });
      expect(response).toMatchObject({ status: 200, body: { name: 'données été', columns: ['question'] } });
      expect((await client.get(`/testsets/${response.body.id}`)).body.csvdata).toEqual([{ question: 'qu’est-ce que c’est ?' }]);
    });

    it('uploads a JSON file with a chosen name and app, keeping value types', async () => {
      const app = (await client.post('/apps', { app_name: `uploads-${engine}` })).body;
      const response = await upload({
        file: { name: 'rows.txt', content: JSON.stringify(ROWS) }, upload_type: 'JSON', testset_name: 'from json', app_id: app.app_id,
      });
      expect(response).toMatchObject({ status: 200, body: { name: 'from json', app_id: app.app_id, rows_count: 2 } });
      expect((await client.get(`/testsets/${response.body.id}`)).body.csvdata).toEqual(ROWS);
    });

    it('answers 422 naming the line or row of a bad file, and for a missing file or unknown format', async () => {
      const ragged = await upload({ file: { name: 'ragged.csv', content: 'a,b\n1,2\n3,4,5\n' } });
      expect(ragged).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'file'], msg: expect.stringContaining('line 3') }] } });
      const badJson = await upload({ file: { name: 'bad.json', content: '[{"q": ' } });
      expect(badJson).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'file'], type: 'json_invalid' }] } });
      const raggedJson = await upload({ file: { name: 'ragged.json', content: JSON.stringify([{ q: 'a' }, { r: 'b' }]) } });
      expect(raggedJson).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'file', 1], type: 'ragged_row' }] } });
      const headerOnly = await upload({ file: { name: 'empty.csv', content: 'a,b\n' } });
      expect(headerOnly).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'file'], type: 'too_short' }] } });
      const unknown = await upload({ file: { name: 'rows.txt', content: 'a\n1\n' } });
      expect(unknown).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'upload_type'] }] } });
      const badType = await upload({ file: { name: 'rows.csv', content: 'a\n1\n' }, upload_type: 'xlsx' });
      expect(badType).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'upload_type'] }] } });
      const noFile = await upload({ testset_name: 'nothing' });
      expect(noFile).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'file'], type: 'missing' }] } });
      const taken = await upload({ file: { name: 'dup.csv', content: 'a\n1\n' } });
      expect(taken.status).toBe(200);
      expect((await upload({ file: { name: 'dup.csv', content: 'a\n1\n' } })).status).toBe(409);
      expect((await postMultipart(client, '/testsets/upload', { file: { name: 'x.csv', content: 'a\n1\n' } })).status).toBe(401);
      expect((await upload({ file: { name: 'mine.csv', content: 'a\n1\n' } }, otherKey)).status).toBe(200);
    });

    it('uploads a 10 000-row CSV in one request and reads every row back', async () => {
      const lines = ['id,question,correct_answer'];
      for (let i = 0; i < 10_000; i++) lines.push(`${i},"What is ${i} + ${i}, exactly?",${i * 2}`);
      const response = await upload({ file: { name: 'large.csv', content: `${lines.join('\n')}\n` } });
      expect(response).toMatchObject({ status: 200, body: { name: 'large', rows_count: 10_000 } });
      const listed = (await client.get('/testsets')).body.find((t: { id: string }) => t.id === response.body.id);
      expect(listed.rows_count).toBe(10_000);
      const fetched = await client.get(`/testsets/${response.body.id}`);
      expect(fetched.body.csvdata).toHaveLength(10_000);
      expect(fetched.body.csvdata[0]).toEqual({ id: '0', question: 'What is 0 + 0, exactly?', correct_answer: '0' });
      expect(fetched.body.csvdata[9_999]).toEqual({ id: '9999', question: 'What is 9999 + 9999, exactly?', correct_answer: '19998' });
      expect(fetched.body.csvdata.every((row: { id: string }, i: number) => row.id === String(i))).toBe(true);
    });
  });
});
