import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningApi, startApi } from './support/api-harness';
import { ok } from './support/api-answers';
import { createEvaluatorConfigs, registerServiceWithTwoRevisions, waitForTerminal } from './support/evaluation-fixtures';

/** What a workflow service answers is foreign (ARCHITECTURE §12): a row it cannot be stored with fails alone. */
describe('evaluation of an app answering what cannot be stored', () => {
  let server: RunningApi;
  beforeAll(async () => {
    server = await startApi('pglite');
  });
  afterAll(() => server?.close());

  it('stores each such row as failed, naming why, and every other row as usual', async () => {
    const answers: Record<string, string> = {
      nul: JSON.stringify({ data: 'a\u0000b' }),
      surrogate: '{"data": "a\\ud800b"}',
      deep: `{"data": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
      'nul-key': '{"data": {"a\\u0000": 1}}',
      'not-json': `cut emoji ${'x'.repeat(189)}\u{1F600}, then a NUL \u0000`,
    };
    const app = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const row = (JSON.parse(body) as { inputs: { country: string } }).inputs.country;
        res.writeHead(row === 'not-json' ? 500 : 200, { 'content-type': 'application/json' });
        res.end(answers[row] ?? JSON.stringify({ data: 'Paris' }));
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    try {
      const api = server.api;
      const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
      const setup = await registerServiceWithTwoRevisions(api, { appName: 'hostile', serviceUrl: url, first: {}, second: {} });
      const configs = await createEvaluatorConfigs(api, setup.app.app_id);
      const rows = [...Object.keys(answers), 'France'].map((country) => ({ country, correct_answer: 'Paris' }));
      const testset = await ok(api.POST('/testsets', { body: { name: 'hostile-rows', csvdata: rows } }));
      const [created] = await ok(api.POST('/evaluations', { body: {
        app_id: setup.app.app_id, revisions_ids: [setup.revisionIds[0]!], evaluators_configs: configs.map((c) => c.id),
        testset_id: testset.id, rate_limit: { batch_size: 3, max_retries: 0, retry_delay: 0, delay_between_batches: 0 },
      } }));
      const ended = await waitForTerminal(api, created!.id);
      expect(ended).toMatchObject({ status: { value: 'EVALUATION_FINISHED_WITH_ERRORS' }, progress: { done: rows.length } });
      const scenarios = await ok(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: created!.id } } }));
      expect(scenarios.map((s) => s.error?.message ?? s.output)).toEqual([
        'the application answered what cannot be stored: text must not contain NUL bytes (\\u0000) at data',
        'the application answered what cannot be stored: text must not contain unpaired UTF-16 surrogates at data',
        expect.stringMatching(/^the application answered what cannot be stored: nesting deeper than 64 levels is not accepted at data\.0\.0\.0.*…$/),
        'the application answered what cannot be stored: keys must not contain NUL bytes (\\u0000) at data.a\ufffd',
        `the application answered 500: cut emoji ${'x'.repeat(189)}\ufffd…`,
        'Paris',
      ]);
    } finally {
      app.close();
    }
  }, 60_000);
});
