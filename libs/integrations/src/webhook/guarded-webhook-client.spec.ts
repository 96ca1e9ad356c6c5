import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UndiciOutboundGuard } from '../outbound/undici-outbound-guard';
import { GuardedWebhookClient, WebhookError } from './guarded-webhook-client';

describe('GuardedWebhookClient', () => {
  const client = new GuardedWebhookClient(new UndiciOutboundGuard({ allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 4096 }));
  let server: Server;
  let base: string;
  const received: unknown[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.post('/score', (req, res) => {
      received.push({ body: req.body, contentType: req.headers['content-type'] });
      res.json({ score: req.body.output === req.body.correct_answer ? 1 : 0 });
    });
    app.post('/broken', (_req, res) => {
      res.status(502).send(`upstream exploded ${'x'.repeat(1000)}`);
    });
    app.post('/html', (_req, res) => {
      res.type('html').send('<h1>Hello</h1>');
    });
    app.post('/hang', () => undefined);
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the body as JSON and returns the parsed answer', async () => {
    const answer = await client.post(`${base}/score`, { inputs: { q: 'x' }, output: 'a', correct_answer: 'a' }, 2000);
    expect(answer).toEqual({ score: 1 });
    expect(received[0]).toEqual({
      body: { inputs: { q: 'x' }, output: 'a', correct_answer: 'a' },
      contentType: 'application/json',
    });
  });

  it('rejects a non-2xx answer with its status and an excerpt of the body', async () => {
    const failure = client.post(`${base}/broken`, {}, 2000);
    await expect(failure).rejects.toThrow(/answered 502 Bad Gateway: upstream exploded x{182}…$/);
    await expect(failure).rejects.toMatchObject({ status: 502 });
    await expect(failure).rejects.toBeInstanceOf(WebhookError);
  });

  it('rejects an answer that is not JSON', async () => {
    await expect(client.post(`${base}/html`, {}, 2000)).rejects.toThrow(/not JSON: <h1>Hello<\/h1>/);
  });

  it('gives up after the time-out', async () => {
    await expect(client.post(`${base}/hang`, {}, 100)).rejects.toThrow(/did not answer within 100 ms/);
  });

  it('says why an unreachable URL failed', async () => {
    const closed = express().listen(0, '127.0.0.1');
    await new Promise((resolve) => closed.once('listening', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(client.post(`http://127.0.0.1:${port}/score`, {}, 2000)).rejects.toThrow(/cannot reach .*: ECONNREFUSED/);
  });

  it('never contacts a host that is not allowed, and says why', async () => {
    const strict = new GuardedWebhookClient(new UndiciOutboundGuard({ allowedPrivateHosts: [], maxResponseBytes: 4096 }));
    const before = received.length;
    await expect(strict.post(`${base}/score`, {}, 2000)).rejects.toThrow(/Webhook refused: .*127\.0\.0\.1 is a loopback address/);
    expect(received).toHaveLength(before);
  });
});
