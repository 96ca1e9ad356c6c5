import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstVisitScripts, scriptSizes } from './first-visit-scripts';

describe('firstVisitScripts', () => {
  let build: string;

  beforeAll(() => {
    build = mkdtempSync(join(tmpdir(), 'first-visit-'));
    mkdirSync(join(build, 'assets'));
    const files: Record<string, string> = {
      'index.html': '<script type="module" crossorigin src="/ui/assets/index-a.js"></script>\n'
        + '<link rel="modulepreload" crossorigin href="/ui/assets/react-b.js"><link rel="stylesheet" href="/ui/assets/index-c.css">',
      'assets/index-a.js': 'import{t as e}from"./runtime-d.js";import"./api-e.js";const p=()=>import("./AppsPage-f.js");',
      'assets/react-b.js': 'export{x as y}from"./runtime-d.js";',
      'assets/runtime-d.js': 'export const t=1;',
      'assets/api-e.js': 'console.log("api");',
      'assets/AppsPage-f.js': 'import"./Select-g.js";',
      'assets/Select-g.js': 'export const s=1;',
    };
    for (const [path, text] of Object.entries(files)) writeFileSync(join(build, path), text);
  });

  afterAll(() => rmSync(build, { recursive: true, force: true }));

  it('follows the entry, its modulepreloads and their static imports, not the lazy screens', () => {
    expect(firstVisitScripts(build)).toEqual(['assets/api-e.js', 'assets/index-a.js', 'assets/react-b.js', 'assets/runtime-d.js']);
  });

  it('sums what those files weigh raw and compressed', () => {
    const sizes = scriptSizes(build, ['assets/runtime-d.js', 'assets/api-e.js']);

    expect(sizes).toEqual(expect.objectContaining({ files: 2, bytes: 'export const t=1;'.length + 'console.log("api");'.length }));
    expect(sizes.gzipBytes).toBeGreaterThan(0);
    expect(sizes.brotliBytes).toBeGreaterThan(0);
  });
});
