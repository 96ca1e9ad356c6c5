import { readFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import type { CrucibleClient } from '@crucible/client';
import { createTestPostgres, type TestPostgres } from '@crucible/persistence';
import { BOOTSTRAP_KEY, type Engine, type RunningApi, startApi } from './support/api-harness';
import { type ApiProcess, spawnApiProcess, untilHealthy } from './support/api-process';
import { ok } from './support/api-answers';
import { postStreamedForm } from './support/multipart';
import { waitFor } from './support/wait-for';

const MB = 1024 * 1024;

/** `rows` CSV rows of about `rowBytes` each, after a header, produced a thousand rows at a time. */
function csvRows(rows: number, rowBytes: number, options: { raggedAt?: number } = {}): () => AsyncGenerator<string> {
  return async function* generate() {
    yield 'id,question,correct_answer\n';
    const padding = 'x'.repeat(Math.max(0, rowBytes - 40));
    for (let start = 0; start < rows; start += 1_000) {
      const lines: string[] = [];
      for (let i = start; i < Math.min(rows, start + 1_000); i++) {
        lines.push(i === options.raggedAt ? `${i},"ragged"\n` : `${i},"What is ${i} + ${i}? ${padding}",${i * 2}\n`);
      }
      yield lines.join('');
    }
  };
}

/**
 * §19: the test-set upload is streamed. A 60 MB CSV (generated as it is sent) is taken whole by an api process whose
 * V8 heap is capped at 128 MB: read whole, its text alone and then its rows would not fit (the old reading grew the
 * api by 420 MB for this file). Its own process, so the measure is the api's, not a test runner's heap.
 */
describe('a 60 MB CSV streamed into an api with a 128 MB heap, on PostgreSQL', () => {
  let postgres: TestPostgres;
  let apiProcess: ApiProcess;

  beforeAll(async () => {
    postgres = await createTestPostgres();
    apiProcess = await spawnApiProcess({
      DATABASE_URL: postgres.url, CRUCIBLE_BOOTSTRAP_API_KEY: BOOTSTRAP_KEY, NODE_OPTIONS: '--max-old-space-size=128',
    });
    await untilHealthy(apiProcess);
  }, 120_000);
  afterAll(async () => {
    await apiProcess?.stop();
    await postgres?.drop();
  });

  it('stores every row, the process alive and its peak memory reported', async () => {
    const rows = 100_000;
    const rowBytes = 630;
    expect(rows * rowBytes).toBeGreaterThan(60 * MB);
    const peakBefore = peakResidentBytes(apiProcess.child.pid!);
    const result = await postStreamedForm(apiProcess.url, '/testsets/upload', BOOTSTRAP_KEY, [
      { name: 'file', fileName: 'huge.csv', content: csvRows(rows, rowBytes) },
      { name: 'testset_name', value: 'huge, named after the file' },
    ]);
    const peakAfter = peakResidentBytes(apiProcess.child.pid!);
    console.log(`60 MB CSV: the api's peak RSS ${(peakBefore / MB).toFixed(0)} -> ${(peakAfter / MB).toFixed(0)} MB`);
    expect(result).toMatchObject({ status: 200, body: { name: 'huge, named after the file', rows_count: rows } });
    expect(apiProcess.child.exitCode).toBeNull();
  }, 300_000);
});

/** The process's resident high-water mark (VmHWM), in bytes. */
function peakResidentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmHWM:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}
describe.each(['postgres', 'pglite'] as Engine[])('streamed test-set upload on %s', (engine) => {
  let server: RunningApi;
  let api: CrucibleClient;

  beforeAll(async () => {
    server = await startApi(engine);
    api = server.api;
  }, 60_000);
  afterAll(() => server?.close());

  const stored = async (): Promise<Array<{ id: string; name: string; rows_count: number }>> => ok(api.GET('/testsets'));

  it('creates nothing when a row far into a large file is bad, or when the client goes away mid-way', async () => {
    const before = await stored();
    const ragged = await postStreamedForm(server.baseUrl, '/testsets/upload', server.apiKey, [
      { name: 'file', fileName: 'ragged.csv', content: csvRows(20_000, 200, { raggedAt: 15_000 }) },
    ]);
    expect(ragged).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'file'], msg: expect.stringContaining('line 15002') }] } });
    const gone = await postStreamedForm(server.baseUrl, '/testsets/upload', server.apiKey, [
      { name: 'testset_name', value: 'never whole' }, { name: 'file', fileName: 'gone.csv', content: csvRows(20_000, 200) },
    ], { abortAfterBytes: 2 * MB });
    expect(gone).toEqual({ aborted: true });
    const after = await ok(api.POST('/testsets/upload', { body: { file: 'probe.csv' }, bodySerializer: () => probeForm() }));
    expect(after.rows_count).toBe(1);
    expect((await stored()).map((t) => t.name).sort()).toEqual([...before.map((t) => t.name), 'probe'].sort());
    // The client gone, the api notices on its own time: the rows it staged go then.
    const dataSource = server.app.get(DataSource);
    await waitFor('no staged rows', async () => {
      const [{ n }] = await dataSource.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM testset_staged_rows');
      return n === 0 ? true : undefined;
    }, 30_000);
  }, 120_000);

  it('reads fields sent after the file: the name streamed, an upload_type the file name cannot give kept on disk', async () => {
    const named = await postStreamedForm(server.baseUrl, '/testsets/upload', server.apiKey, [
      { name: 'file', fileName: 'late.csv', content: csvRows(5_000, 100) }, { name: 'testset_name', value: 'named late' },
    ]);
    expect(named).toMatchObject({ status: 200, body: { name: 'named late', rows_count: 5_000 } });
    const typed = await postStreamedForm(server.baseUrl, '/testsets/upload', server.apiKey, [
      { name: 'file', fileName: 'rows.txt', content: csvRows(5_000, 100) }, { name: 'upload_type', value: 'csv' },
    ]);
    expect(typed).toMatchObject({ status: 200, body: { name: 'rows', rows_count: 5_000 } });
    const contradicted = await postStreamedForm(server.baseUrl, '/testsets/upload', server.apiKey, [
      { name: 'file', fileName: 'rows.csv', content: csvRows(10, 100) }, { name: 'upload_type', value: 'json' },
    ]);
    expect(contradicted).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'upload_type'], msg: expect.stringContaining('before the file') }] } });
    const badLateField = await postStreamedForm(server.baseUrl, '/testsets/upload', server.apiKey, [
      { name: 'file', fileName: 'rows.csv', content: csvRows(5_000, 100) }, { name: 'app_id', value: 'not-a-uuid' },
    ]);
    expect(badLateField).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'app_id'] }] } });
  }, 120_000);
});

function probeForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob(['q\n1\n'], { type: 'text/csv' }), 'probe.csv');
  return form;
}
