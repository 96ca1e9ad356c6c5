import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { requestLogging } from './request-logging';

describe('requestLogging', () => {
  it('logs one line per request with its id, the one the client sent or a new one it answers', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = express().use(requestLogging(logger)).get('/ping', (_req, res) => void res.json(true));

    const sent = await request(app).get('/ping').set('x-request-id', 'client-7');
    const fresh = await request(app).get('/ping?x=1');
    const refused = await request(app).get('/ping').set('x-request-id', 'no spaces allowed');

    expect(sent.headers['x-request-id']).toBe('client-7');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(refused.headers['x-request-id']).not.toBe('no spaces allowed');
    expect(lines.map((line) => [line['request_id'], line['req']])).toEqual([
      ['client-7', { method: 'GET', url: '/ping' }],
      [fresh.headers['x-request-id'], { method: 'GET', url: '/ping?x=1' }],
      [refused.headers['x-request-id'], { method: 'GET', url: '/ping' }],
    ]);
  });

  it('logs the response as status and headers, not the whole ServerResponse', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = express().use(requestLogging(logger)).get('/ping', (_req, res) => void res.json(true));

    await request(app).get('/ping').set('x-request-id', 'client-8');

    expect(lines[0]!['res']).toEqual({ statusCode: 200, headers: expect.objectContaining({ 'x-request-id': 'client-8' }) });
    expect(Object.keys(lines[0]!['res'] as object).sort()).toEqual(['headers', 'statusCode']);
    expect(lines[0]!['responseTime']).toEqual(expect.any(Number));
  });

  it('logs a failed answer at error level, and only that one when info lines are off', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = express().use(requestLogging(logger))
      .get('/ok', (_req, res) => void res.json(true))
      .get('/broken', (_req, res) => void res.status(503).json({ detail: 'down' }));

    await request(app).get('/ok');
    const failed = await request(app).get('/broken?why=1');

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50, msg: 'request errored', request_id: failed.headers['x-request-id'], req: { method: 'GET', url: '/broken?why=1' },
      res: { statusCode: 503 }, error: { message: 'failed with status code 503' },
    });
  });

  it('logs a request whose connection closed before it was answered', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    let answer: (() => void) | undefined;
    const app = express().use(requestLogging(logger)).get('/slow', (_req, res) => { answer = () => void res.json(true); });

    await expect(request(app).get('/slow').timeout(200)).rejects.toThrow(/Timeout/);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(lines).toEqual([expect.objectContaining({ level: 30, msg: expect.stringMatching(/^request aborted/), req: { method: 'GET', url: '/slow' } })]);
    answer?.();
  });
});
