import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Runs `script` in a fresh Node process, whose young generation is still small, with heap-growth.ts as `growth`
 * and `churn()` allocating objects that survive a few scavenges each (as rows in flight do); answers what it prints.
 */
function inFreshNode(script: string): number[] {
  const prelude = `
    const growth = require(${JSON.stringify(join(__dirname, 'heap-growth.ts'))});
    const youngMb = () => require('node:v8').getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 1048576;
    let kept = [];
    const churn = () => {
      for (let i = 0; i < 400000; i += 1) {
        kept.push({ i, text: 'row ' + i });
        if (kept.length > 50000) kept = kept.slice(25000);
      }
    };`;
  const output = execFileSync(process.execPath, ['-r', '@swc-node/register', '-e', `${prelude}\n${script}`], { encoding: 'utf8' });
  // Its last line: SWC may say something first.
  return JSON.parse(output.trim().split('\n').pop()!) as number[];
}

describe('the young generation of a starting server', () => {
  it('keeps the size it has while held, however much survives', () => {
    const [before, after] = inFreshNode('growth.holdYoungGeneration(); const before = youngMb(); churn(); console.log(JSON.stringify([before, youngMb()]))');
    expect(after).toBeLessThanOrEqual(before!);
  });

  it('grows once the server lets it, as V8 grows it', () => {
    const [held, grown] = inFreshNode(`
      growth.holdYoungGeneration(); churn(); const held = youngMb();
      growth.letYoungGenerationGrow(); churn();
      console.log(JSON.stringify([held, youngMb()]));`);
    expect(grown).toBeGreaterThan(held!);
    expect(grown).toBeGreaterThanOrEqual(16);
  });
});
