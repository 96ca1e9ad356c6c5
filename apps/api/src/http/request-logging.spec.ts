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
});
