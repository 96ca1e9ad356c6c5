import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { consoleStatic } from './console-static';

const SCRIPT = `export const screen = "${'apps '.repeat(400)}";\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('consoleStatic', () => {
  let directory: string;
  let app: express.Express;

  beforeAll(() => {
    // A build as tools/scripts/lib/compile-web.mjs leaves it: hashed assets with their brotli and gzip copies.
    directory = mkdtempSync(join(tmpdir(), 'console-static-'));
    mkdirSync(join(directory, 'assets'));
    writeFileSync(join(directory, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(directory, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(join(directory, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(directory, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(directory, 'assets', 'tiny-def456.js'), 'export {};\n');
    app = express().use(consoleStatic(directory));
  });

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('sends the brotli copy of a hashed script to a browser that accepts it, cached for good', async () => {
    const answer = await request(app).get('/ui/assets/index-abc123.js').set('accept-encoding', 'gzip, deflate, br');

    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(Number(answer.headers['content-length'])).toBeLessThan(SCRIPT.length / 10);
    expect(answer.text).toBe(SCRIPT);
  });

  it('sends the gzip copy when only gzip is accepted, and the file itself when nothing is', async () => {
    const gzipped = await request(app).get('/ui/assets/index-abc123.js?v=2').set('accept-encoding', 'gzip');
    const plain = await request(app).get('/ui/assets/index-abc123.js').set('accept-encoding', 'identity');

    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.text).toBe(SCRIPT);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.text).toBe(SCRIPT);
  });

  it('sends a file without a compressed copy as it is', async () => {
    const answer = await request(app).get('/ui/assets/tiny-def456.js').set('accept-encoding', 'br, gzip');

    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.text).toBe('export {};\n');
  });

  it('has index.html asked again every time, for /ui/, a client-side route and the file by name', async () => {
    for (const path of ['/ui/', '/ui/apps/42/variants', '/ui/index.html']) {
      const answer = await request(app).get(path).set('accept-encoding', 'br, gzip');

      expect([path, answer.status, answer.headers['cache-control']]).toEqual([path, 200, 'no-cache']);
      expect(answer.text).toContain('<div id="root">');
    }
  });

  it('answers 404 for an asset the build does not have, not index.html', async () => {
    const answer = await request(app).get('/ui/assets/gone-000000.js').set('accept-encoding', 'br, gzip');

    expect(answer.status).toBe(404);
    expect(answer.text).toBe('No such console asset.');
  });
});

describe('consoleStatic before the console is built', () => {
  it('answers 503 with a page that asks again, not a 404', async () => {
    const app = express().use(consoleStatic(join(tmpdir(), 'console-static-never-built')));

    const answer = await request(app).get('/ui/');

    expect([answer.status, answer.headers['retry-after'], answer.headers['cache-control']]).toEqual([503, '3', 'no-store']);
    expect(answer.text).toContain('<meta http-equiv="refresh" content="3">');
    expect(answer.text).toContain('being built');
  });
});
