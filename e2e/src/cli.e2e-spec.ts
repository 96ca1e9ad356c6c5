import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { type RunningApi, startApi } from './support/api-harness';
import { type ExampleStack, CAPITALS, EXACT_TEMPLATE, HEDGING_TEMPLATE, startCompletionExample } from './support/example-service';
import { registerServiceWithTwoRevisions } from './support/evaluation-fixtures';

const ROOT = join(__dirname, '..', '..');
// From source through SWC, resolved from the repository: the tests run it in a scratch directory.
const CLI = ['-r', require.resolve('@swc-node/register'), join(ROOT, 'apps/cli/src/main.ts')];

interface CliRun { code: number; stdout: string; stderr: string }

/** The `crucible` command line as a child process, as a CI job runs it. */
describe('the crucible command line', () => {
  let server: RunningApi;
  let example: ExampleStack;
  let work: string;
  let env: NodeJS.ProcessEnv;

  const crucible = (args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<CliRun> => new Promise((resolve) => {
    execFile(process.execPath, [...CLI, ...args], { cwd: work, env: { ...env, ...extraEnv }, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });

  beforeAll(async () => {
    server = await startApi('pglite');
    example = await startCompletionExample();
    await registerServiceWithTwoRevisions(server.api, { appName: 'cli-app', serviceUrl: example.service.url, first: EXACT_TEMPLATE, second: HEDGING_TEMPLATE });
    work = mkdtempSync(join(tmpdir(), 'crucible-cli-'));
    writeFileSync(join(work, 'capitals.csv'), `input,correct_answer\n${CAPITALS.map((city) => `${city},${city}`).join('\n')}\n`);
    env = {
      PATH: process.env['PATH'], HOME: work, CRUCIBLE_CONFIG_DIR: join(work, 'config'),
      SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'), NODE_OPTIONS: '',
    };
  });
  afterAll(async () => {
    await example?.close();
    await server?.close();
  });

  it('logs in once (credentials readable by the user only) and then knows the project', async () => {
    const login = await crucible(['login', '--host', server.baseUrl, '--key', server.apiKey]);
    expect(login).toMatchObject({ code: 0, stdout: expect.stringContaining('signed in to project "default"') });
    expect(statSync(join(work, 'config', 'credentials.json')).mode & 0o777).toBe(0o600);
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
