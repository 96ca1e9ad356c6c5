import { IsolatedVmCodeSandbox } from './isolated-vm-code-sandbox';

describe('IsolatedVmCodeSandbox', () => {
  const sandbox = new IsolatedVmCodeSandbox();
  const limits = { cpuTimeMs: 1000, wallTimeMs: 5000, memoryMb: 16 };
  const run = (body: string, args: unknown[] = []) => sandbox.run(`function evaluate(...args) { ${body} }`, 'evaluate', args, limits);

  it('calls the function with copies of the arguments and returns a copy of the result', async () => {
    const args = [{ max: 10 }, { question: 'q' }, 'hello', null];
    const code = 'function evaluate(params, inputs, output, answer) { params.max = 0; return { len: output.length, q: inputs.question, answer }; }';
    expect(await sandbox.run(code, 'evaluate', args, limits)).toEqual({ len: 5, q: 'q', answer: null });
    expect(args[0]).toEqual({ max: 10 });
  });

  it('awaits async functions and finds const-declared functions', async () => {
    expect(await sandbox.run('async function evaluate(x) { await null; return x * 2; }', 'evaluate', [21], limits)).toBe(42);
    expect(await sandbox.run('const evaluate = (x) => x + 1;', 'evaluate', [1], limits)).toBe(2);
  });

  it("rejects with the user's own error message", async () => {
    await expect(run('throw new Error("bad output");')).rejects.toThrow(/^bad output$/);
    await expect(run('throw "plain string";')).rejects.toThrow(/^plain string$/);
    await expect(run('throw { code: 7 };')).rejects.toThrow(/not an instance of `Error`/);
    await expect(sandbox.run('function evaluate( {', 'evaluate', [], limits)).rejects.toThrow(SyntaxError);
    await expect(sandbox.run('function score() {}', 'evaluate', [], limits)).rejects.toThrow(/does not define a function evaluate/);
  });

  it('rejects results that cannot be copied out', async () => {
    await expect(run('return () => 1;')).rejects.toThrow(/could not be cloned/);
  });

  describe('escape attempts', () => {
    it.each([
      ['require', 'return require("fs").readFileSync("/etc/passwd", "utf8");', /require is not defined/],
      ['process', 'process.exit(1);', /process is not defined/],
      ['the Function constructor', 'return this.constructor.constructor("return process")().env;', /process is not defined/],
      ['fetch', 'return fetch("http://127.0.0.1:1");', /fetch is not defined/],
      ['timers', 'setTimeout(() => {}, 10); return 1;', /setTimeout is not defined/],
    ])('cannot reach %s', async (_name, body, expected) => {
      await expect(run(body)).rejects.toThrow(expected);
    });

    it('cannot import modules', async () => {
      await expect(sandbox.run('async function evaluate() { return (await import("fs")).readFileSync; }', 'evaluate', [], limits)).rejects.toThrow(/not supported/i);
    });

    it('is stopped by the CPU-time limit in sync code, top-level code and after an await', async () => {
      const quick = { cpuTimeMs: 150, wallTimeMs: 60_000, memoryMb: 16 };
      const overCpu = /used more than 150 ms of CPU time/;
      await expect(sandbox.run('function evaluate() { while (true) {} }', 'evaluate', [], quick)).rejects.toThrow(overCpu);
      await expect(sandbox.run('while (true) {}', 'evaluate', [], quick)).rejects.toThrow(overCpu);
      await expect(sandbox.run('async function evaluate() { await null; for (;;) {} }', 'evaluate', [], quick)).rejects.toThrow(overCpu);
    });

    it('is stopped by the wall-time backstop on a promise that never settles', async () => {
      const quick = { cpuTimeMs: 5000, wallTimeMs: 150, memoryMb: 16 };
      await expect(sandbox.run('function evaluate() { return new Promise(() => {}); }', 'evaluate', [], quick)).rejects.toThrow(/did not finish within 150 ms/);
    });

    it('is stopped by the memory limit', async () => {
      const hog = 'const chunks = []; while (true) chunks.push(new Array(1e6).fill(1.5));';
      await expect(run(hog)).rejects.toThrow(/exceeded the memory limit of 16 MB/);
    });

    it('leaves nothing behind: later runs start clean and still work', async () => {
      await expect(run('globalThis.leak = 1; while (true) {}')).rejects.toThrow();
      expect(await run('return typeof globalThis.leak;')).toBe('undefined');
      expect(await run('return [typeof require, typeof process, typeof fetch, typeof setTimeout].join();')).toBe('undefined,undefined,undefined,undefined');
      expect(await run('return args[0] + args[1];', [2, 3])).toBe(5);
    });
  });

  it('rejects a function name that is not an identifier', async () => {
    await expect(sandbox.run('function evaluate() {}', 'evaluate; process', [], limits)).rejects.toThrow(/Invalid function name/);
  });

  it('keeps at most maxIsolates alive, queues the rest, and gives each its own CPU budget', async () => {
    const bounded = new IsolatedVmCodeSandbox({ maxIsolates: 2 });
    const busy = 'function evaluate(n) { let x = 0; for (let i = 0; i < n; i += 1) x += i % 7; return x > -1 ? 1 : 0; }';
    const spin = 'function evaluate() { for (;;) {} }';
    const generous = { cpuTimeMs: 2000, wallTimeMs: 60_000, memoryMb: 16 };
    const runs = [
      ...Array.from({ length: 8 }, () => bounded.run(busy, 'evaluate', [2_000_000], generous)),
      ...Array.from({ length: 4 }, () => bounded.run(spin, 'evaluate', [], { ...generous, cpuTimeMs: 100 })),
    ];
    const settled = await Promise.allSettled(runs);
    expect(settled.slice(0, 8).map((s) => s.status)).toEqual(Array(8).fill('fulfilled'));
    for (const outcome of settled.slice(8)) {
      expect(outcome).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/more than 100 ms of CPU time/) } });
    }
    expect(bounded.isolates()).toEqual({ live: 0, peak: 2 });
  });
});
