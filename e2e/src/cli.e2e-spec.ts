import { execFile, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { createCrucibleClient } from '@crucible/client';
import { type RunningApi, startApi } from './support/api-harness';
import { ok } from './support/api-answers';
import { type ApiProcess, spawnApiProcess, untilHealthy } from './support/api-process';
import { CLI, type CliRun, type RunningCli, cliEnvironment, runCli, spawnCli } from './support/crucible-cli';
import { type ExampleStack, CAPITALS, EXACT_TEMPLATE, HEDGING_TEMPLATE, capitalRows, startCompletionExample } from './support/example-service';
import { registerServiceWithTwoRevisions } from './support/evaluation-fixtures';
import { waitFor } from './support/wait-for';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The `crucible` command line as a child process, as a CI job runs it. */
describe('the crucible command line', () => {
  let server: RunningApi;
  let example: ExampleStack;
  let work: string;
  let env: NodeJS.ProcessEnv;

  const crucible = (args: string[], extraEnv: NodeJS.ProcessEnv = {}, input?: string): Promise<CliRun> =>
    runCli(args, { cwd: work, env: { ...env, ...extraEnv }, input });

  beforeAll(async () => {
    server = await startApi('pglite');
    example = await startCompletionExample();
    await registerServiceWithTwoRevisions(server.api, { appName: 'cli-app', serviceUrl: example.service.url, first: EXACT_TEMPLATE, second: HEDGING_TEMPLATE });
    work = mkdtempSync(join(tmpdir(), 'crucible-cli-'));
    writeFileSync(join(work, 'capitals.csv'), `input,correct_answer\n${CAPITALS.map((city) => `${city},${city}`).join('\n')}\n`);
    env = cliEnvironment(work);
  });
  afterAll(async () => {
    await example?.close();
    await server?.close();
  });

  it('logs in once with the key on stdin (credentials readable by the user only) and then knows the project', async () => {
    // A directory left more open by hand is closed again.
    mkdirSync(join(work, 'config'), { mode: 0o755 });
    chmodSync(join(work, 'config'), 0o755);
    const login = await crucible(['login', '--host', server.baseUrl, '--key-stdin'], {}, `${server.apiKey}\n`);
    expect(login).toMatchObject({ code: 0, stdout: expect.stringContaining('signed in to project "default"') });
    expect(login.stdout + login.stderr).not.toContain(server.apiKey);
    expect(statSync(join(work, 'config')).mode & 0o777).toBe(0o700);
    expect(statSync(join(work, 'config', 'credentials.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(work, 'config', 'credentials.json'), 'utf8'))).toEqual({ host: server.baseUrl, api_key: server.apiKey });
    expect((await crucible(['whoami'])).stdout).toContain('project "default"');
    const wrongKey = await crucible(['whoami'], { CRUCIBLE_API_KEY: 'crc_not-a-key' });
    expect(wrongKey.code).toBe(2);
    expect(wrongKey.stderr.trim().split('\n')).toHaveLength(1);
    expect(wrongKey.stderr).toMatch(/^crucible: reading the current project: .*check the API key/);
  });

  it('pushes a test set (create, then replace) and pulls it back', async () => {
    expect((await crucible(['testsets', 'push', 'capitals.csv', '--name', 'capitals'])).stdout).toContain('created test set "capitals" (10 rows');
    expect((await crucible(['testsets', 'push', 'capitals.csv', '--name', 'capitals'])).stdout).toContain('replaced test set "capitals"');
    expect((await crucible(['testsets', 'pull', '--name', 'capitals', '-o', 'pulled.csv'])).code).toBe(0);
    expect(readFileSync(join(work, 'pulled.csv'), 'utf8')).toBe(readFileSync(join(work, 'capitals.csv'), 'utf8'));
  });

  it('runs an evaluation of two revisions, waits, writes JUnit, and gates on the score', async () => {
    const run = await crucible(['eval', 'run', '--app', 'cli-app', '--revision', 'completion@1', '--revision', 'completion@2',
      '--testset', 'capitals', '--evaluator', 'auto_exact_match', '--wait', '--junit', 'report.xml']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/completion@1\s+auto_exact_match\s+1\.000/);
    expect(run.stdout).toMatch(/completion@2\s+auto_exact_match\s+0\.000/);
    expect(run.stderr).toContain('evaluating: 20/20 rows');

    const report = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(join(work, 'report.xml'), 'utf8'));
    const suites = report.testsuites.testsuite as Array<{ '@_name': string; '@_failures': string; testcase: unknown[] }>;
    expect(suites.map((suite) => [suite['@_name'], suite.testcase.length, suite['@_failures']]))
      .toEqual([['completion@1', 10, '0'], ['completion@2', 10, '10']]);

    const passing = await crucible(['eval', 'run', '--app', 'cli-app', '--revision', 'completion@1', '--testset', 'capitals',
      '--evaluator', 'auto_exact_match', '--min', 'auto_exact_match=0.9']);
    expect(passing.code).toBe(0);
    const failing = await crucible(['eval', 'run', '--app', 'cli-app', '--revision', 'completion@2', '--testset', 'capitals',
      '--evaluator', 'auto_exact_match', '--min', 'auto_exact_match=0.9', '--json']);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toContain('gate failed: completion@2: auto_exact_match mean 0.000 < 0.9');
    expect(JSON.parse(failing.stdout).gates).toEqual({ passed: false, failures: [expect.stringContaining('completion@2')] });
  });

  it('runs each row --repetitions times, one JUnit case per repetition, and refuses a count outside 1–20', async () => {
    const run = await crucible(['eval', 'run', '--app', 'cli-app', '--revision', 'completion@1', '--testset', 'capitals',
      '--evaluator', 'auto_exact_match', '--repetitions', '3', '--junit', 'repeated.xml', '--json']);
    expect(run.code).toBe(0);
    const [evaluation] = (JSON.parse(run.stdout) as { evaluations: Array<{ id: string }> }).evaluations;
    const stored = await ok(server.api.GET('/evaluations/{evaluation_id}', { params: { path: { evaluation_id: evaluation!.id } } }));
    expect(stored.repetitions).toBe(3);
    const report = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(join(work, 'repeated.xml'), 'utf8'));
    const cases = (report.testsuites.testsuite as { testcase: Array<{ '@_name': string }> }).testcase;
    expect(cases).toHaveLength(30);
    expect(cases.map((c) => c['@_name'])).toContain('row 9 (repetition 3): auto_exact_match');
    const refused = await crucible(['eval', 'run', '--app', 'cli-app', '--revision', 'completion@1', '--testset', 'capitals',
      '--evaluator', 'auto_exact_match', '--repetitions', '21']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/repetitions/);
  });

  it('fails on a regression against a baseline revision, and compares and exports evaluations', async () => {
    const run = await crucible(['eval', 'run', '--app', 'cli-app', '--revision', 'completion@2', '--baseline', 'completion@1',
      '--fail-on-regression', '--testset', 'capitals', '--evaluator', 'auto_exact_match', '--json']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/gate failed: completion@2 is worse than completion@1 on auto_exact_match: -1\.000 .*p = /);
    const { evaluations } = JSON.parse(run.stdout) as { evaluations: Array<{ id: string; baseline: boolean }> };
    const [baseline, candidate] = [evaluations.find((e) => e.baseline)!, evaluations.find((e) => !e.baseline)!];

    const compared = await crucible(['eval', 'compare', baseline.id, candidate.id]);
    expect(compared.stdout).toMatch(/auto_exact_match\s+completion@2\s+0\.000 .*worse/);
    const exported = await crucible(['eval', 'export', candidate.id, '--format', 'csv']);
    expect(exported.stdout.trim().split('\n')).toHaveLength(11);
    expect(exported.stdout).toContain('maybe Paris');
  });

  it('deploys, lists environments and reverts', async () => {
    expect((await crucible(['deploy', '--app', 'cli-app', '--variant', 'completion@1', '--env', 'production'])).stdout).toContain('deployed completion@1 to production');
    expect((await crucible(['deploy', '--app', 'cli-app', '--variant', 'completion', '--env', 'production'])).stdout).toContain('deployed completion@2');
    const reverted = await crucible(['revert', '--app', 'cli-app', '--env', 'production']);
    expect(reverted.stdout).toContain('reverted production to completion@1 (environment revision 1; new entry 3)');
    expect((await crucible(['envs', 'ls', '--app', 'cli-app'])).stdout).toMatch(/production\s+completion@1\s+3\s+3/);
  });

  it('answers bad flags and unknown things with exit 2 and a clear message', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['frobnicate'], /unknown command 'frobnicate'/],
      [['eval', 'run', '--app', 'cli-app'], /required option '--revision/],
      [['eval', 'run', '--app', 'cli-app', '--revision', 'completion', '--testset', 'capitals', '--evaluator', 'x', '--batch-size', 'ten'], /--batch-size takes a whole number/],
      [['eval', 'run', '--app', 'cli-app', '--revision', 'completion', '--testset', 'capitals', '--evaluator', 'x', '--min', 'exact'], /--min takes evaluator=number/],
      [['eval', 'run', '--app', 'no-such-app', '--revision', 'completion', '--testset', 'capitals', '--evaluator', 'x'], /no app "no-such-app"/],
      [['deploy', '--app', 'cli-app', '--variant', 'completion@9', '--env', 'production'], /has no revision 9/],
      [['deploy', '--app', 'cli-app', '--variant', 'completion', '--env', 'nowhere'], /deploying to nowhere: /],
    ];
    for (const [args, message] of cases) {
      const run = await crucible(args);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr).toMatch(message);
    }
  });

  it('logs in with CRUCIBLE_API_KEY, and still takes --key with a warning that it shows in ps and shell history', async () => {
    const home = mkdtempSync(join(tmpdir(), 'crucible-login-'));
    const config = { CRUCIBLE_CONFIG_DIR: join(home, 'nested', 'config') };
    const fromEnvironment = await crucible(['login', '--host', server.baseUrl], { ...config, CRUCIBLE_API_KEY: server.apiKey });
    expect(fromEnvironment).toMatchObject({ code: 0, stderr: '' });
    expect(statSync(config.CRUCIBLE_CONFIG_DIR).mode & 0o777).toBe(0o700);
    expect(statSync(join(config.CRUCIBLE_CONFIG_DIR, 'credentials.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(config.CRUCIBLE_CONFIG_DIR, 'credentials.json'), 'utf8')).api_key).toBe(server.apiKey);

    const fromFlag = await crucible(['login', '--host', server.baseUrl, '--key', server.apiKey], config);
    expect(fromFlag.code).toBe(0);
    expect(fromFlag.stderr).toMatch(/--key is visible .*ps.*shell history.*--key-stdin/);
    const noKey = await crucible(['login', '--host', server.baseUrl], config);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/--key-stdin.*CRUCIBLE_API_KEY/);
    rmSync(home, { recursive: true, force: true });
  });

  it('asks for the key on a terminal without echoing it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'crucible-prompt-'));
    const command = [process.execPath, ...CLI, 'login', '--host', server.baseUrl].map((part) => `'${part}'`).join(' ');
    // util-linux `script` gives the CLI a pseudo-terminal; what we write to it is what a person types.
    const terminal = spawn('script', ['-qfec', command, '/dev/null'], { cwd: work, env: { ...env, CRUCIBLE_CONFIG_DIR: join(home, 'config') } });
    let screen = '';
    terminal.stdout.on('data', (chunk: Buffer) => (screen += chunk.toString()));
    let ended = false;
    const closed = new Promise((resolve) => terminal.once('close', (code) => resolve(code)));
    void closed.then(() => (ended = true));
    await waitFor('the prompt', async () => (screen.includes('API key: ') || ended ? true : undefined), 60_000);
    expect(screen).toContain('API key: ');
    terminal.stdin.write(`${server.apiKey}\r`);
    expect(await closed).toBe(0);
    terminal.stdin.end();
    expect(screen).toContain('signed in to project "default"');
    expect(screen).not.toContain(server.apiKey);
    expect(JSON.parse(readFileSync(join(home, 'config', 'credentials.json'), 'utf8')).api_key).toBe(server.apiKey);
    rmSync(home, { recursive: true, force: true });
  });

  it('refuses a credentials file that is a symbolic link and leaves its target alone', async () => {
    const home = mkdtempSync(join(tmpdir(), 'crucible-symlink-'));
    const config = join(home, 'config');
    mkdirSync(config, { mode: 0o700 });
    const target = join(home, 'elsewhere.json');
    writeFileSync(target, '{"host":"http://127.0.0.1:9","api_key":"someone-elses"}\n', { mode: 0o644 });
    symlinkSync(target, join(config, 'credentials.json'));

    // --key, which older versions took too: they wrote through the link.
    const login = await crucible(['login', '--host', server.baseUrl, '--key', server.apiKey], { CRUCIBLE_CONFIG_DIR: config });
    expect(login.code).toBe(2);
    expect(login.stderr).toMatch(/credentials\.json is a symbolic link/);
    const read = await crucible(['whoami'], { CRUCIBLE_CONFIG_DIR: config });
    expect(read.code).toBe(2);
    expect(read.stderr).toMatch(/credentials\.json is a symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('{"host":"http://127.0.0.1:9","api_key":"someone-elses"}\n');
    expect(statSync(target).mode & 0o777).toBe(0o644);
    rmSync(home, { recursive: true, force: true });
  });

  it('waits for an evaluation started earlier with `eval wait <id>`, with the gates and outputs of `eval run --wait`', async () => {
    const started = await crucible(['eval', 'run', '--app', 'cli-app', '--revision', 'completion@1', '--revision', 'completion@2',
      '--testset', 'capitals', '--evaluator', 'auto_exact_match']);
    expect(started.code).toBe(0);
    const id = (label: string) => new RegExp(`${label}\\s+(${UUID})`).exec(started.stdout)![1]!;
    const [exact, hedging] = [id('completion@1'), id('completion@2')];

    const passing = await crucible(['eval', 'wait', exact, '--min', 'auto_exact_match=0.9', '--junit', 'waited.xml']);
    expect(passing.code).toBe(0);
    expect(passing.stdout).toMatch(/completion@1\s+auto_exact_match\s+1\.000/);
    const report = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(join(work, 'waited.xml'), 'utf8'));
    expect(report.testsuites.testsuite).toMatchObject({ '@_name': 'completion@1', '@_failures': '0' });

    const failing = await crucible(['eval', 'wait', hedging, '--min', 'auto_exact_match=0.9', '--json']);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toContain('gate failed: completion@2: auto_exact_match mean 0.000 < 0.9');
    expect(JSON.parse(failing.stdout)).toMatchObject({
      evaluations: [{ id: hedging, revision: 'completion@2', status: 'EVALUATION_FINISHED' }], gates: { passed: false },
    });

    const regression = await crucible(['eval', 'wait', hedging, '--baseline', exact, '--fail-on-regression', '--json']);
    expect(regression.code).toBe(1);
    expect(regression.stderr).toMatch(/gate failed: completion@2 is worse than completion@1 on auto_exact_match/);
    expect(JSON.parse(regression.stdout).comparison).not.toBeNull();

    const unknown = await crucible(['eval', 'wait', '00000000-0000-4000-8000-000000000000']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^crucible: reading evaluation 00000000-0000-4000-8000-000000000000: /);
  });

  it('draws a live progress bar on a terminal', async () => {
    const command = [process.execPath, ...CLI, 'eval', 'run', '--app', 'cli-app', '--revision', 'completion@1', '--testset', 'capitals',
      '--evaluator', 'auto_exact_match', '--wait'].map((part) => `'${part}'`).join(' ');
    // util-linux `script` gives the CLI a pseudo-terminal, as a person's shell does.
    const run = await new Promise<CliRun>((resolve) => {
      execFile('script', ['-qfec', command, '/dev/null'], { cwd: work, env, timeout: 120_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? 1 : 0, stdout, stderr }));
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/evaluating \[=+\] 10\/10 rows \| [\d.]+ rows\/s \| ETA \S+ \| errors 0/);
    expect(run.stdout).not.toContain('evaluating: '); // the plain lines are for logs, not terminals
  });
});

/** A CI job's `eval run --wait` while the api restarts under it (a deploy, a crash): it resumes, it does not pay twice. */
describe('crucible eval run --wait across an api restart', () => {
  const key = 'crc_e2e-cli-restart-key-0123456789abcdef';
  const dataDir = mkdtempSync(join(tmpdir(), 'crucible-cli-restart-'));
  const work = mkdtempSync(join(tmpdir(), 'crucible-cli-'));
  const apiEnv = { CRUCIBLE_DATA_DIR: dataDir, CRUCIBLE_BOOTSTRAP_API_KEY: key };
  let api: ApiProcess;
  let example: ExampleStack | undefined;
  const cliEnv = () => ({ ...cliEnvironment(work), CRUCIBLE_HOST: api.url, CRUCIBLE_API_KEY: key });
  const evaluate = (...extra: string[]) => spawnCli(['eval', 'run', '--app', 'restart-app', '--revision', 'completion@1', '--testset', 'capitals',
    '--evaluator', 'auto_exact_match', '--batch-size', '1', '--min', 'auto_exact_match=0.9', '--json', ...extra], { cwd: work, env: cliEnv() });
  const printedId = async (cli: RunningCli) => {
    const id = await waitFor('the evaluation id on stderr, or the end', async () =>
      new RegExp(`^evaluation (${UUID})`).exec(cli.stderr())?.[1] ?? (cli.child.exitCode === null ? undefined : ''), 60_000);
    expect({ id, stderr: cli.stderr() }).toEqual({ id: expect.stringMatching(UUID), stderr: expect.any(String) });
    return id;
  };
  const restart = async () => {
    api = await spawnApiProcess(apiEnv, api.port);
    await untilHealthy(api);
  };

  beforeAll(async () => {
    api = await spawnApiProcess(apiEnv);
    await untilHealthy(api);
    // A slow service: the evaluation is still running when the api goes away.
    example = await startCompletionExample({ latencyMs: 300 });
    const client = createCrucibleClient({ baseUrl: api.url, apiKey: key });
    await registerServiceWithTwoRevisions(client, { appName: 'restart-app', serviceUrl: example.service.url, first: EXACT_TEMPLATE, second: HEDGING_TEMPLATE });
    await ok(client.POST('/testsets', { body: { name: 'capitals', csvdata: capitalRows() } }));
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await example?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('prints the evaluation id first, polls through the restart, and ends with the gate\'s exit code', async () => {
    const cli = evaluate('--wait-retry-seconds', '100');
    const evaluationId = await printedId(cli);

    await api.stop();
    await waitFor('the CLI to say it retries', async () => (/retrying/.test(cli.stderr()) || cli.child.exitCode !== null ? true : undefined), 30_000);
    expect(cli.child.exitCode).toBeNull();
    await restart();

    const run = await cli.finished;
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.stringContaining('retrying') });
    expect(run.stderr.split('\n')[0]).toContain(evaluationId);
    expect(JSON.parse(run.stdout)).toMatchObject({
      evaluations: [{ id: evaluationId, status: 'EVALUATION_FINISHED', results: { auto_exact_match: 1 } }], gates: { passed: true },
    });
  }, 300_000);

  it('gives up after --wait-retry-seconds naming the `eval wait` that resumes, and that command finishes the same evaluation', async () => {
    const cli = evaluate('--wait-retry-seconds', '2');
    const evaluationId = await printedId(cli);
    await api.stop();

    const run = await cli.finished;
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const resume = `crucible eval wait ${evaluationId} --min auto_exact_match=0.9 --json`;
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(/^crucible: cannot reach the Crucible api at .*did not answer for 2 s; the evaluations keep running on the server: resume with `(.*)`$/);
    expect(run.stderr).toContain(`resume with \`${resume}\``);

    await restart();
    const resumed = await runCli(resume.split(' ').slice(1), { cwd: work, env: cliEnv() });
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ evaluations: [{ id: evaluationId, status: 'EVALUATION_FINISHED' }], gates: { passed: true } });
  }, 300_000);
});
