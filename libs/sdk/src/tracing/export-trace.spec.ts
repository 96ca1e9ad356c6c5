import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { TraceRecord } from '@crucible/contracts';
import { init } from '../init/sdk-state';
import { createService } from '../service/crucible-service';
import { Field } from '../schema/field.decorator';
import { flushTraces, traceExportStats } from './export-trace';

class EchoConfig {
  @Field({ default: 'hello' })
  greeting!: string;
}

describe('trace export from a service', () => {
  let collector: Server;
  let url: string;
  const received: TraceRecord[] = [];

  beforeAll(async () => {
    collector = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push(...(JSON.parse(body) as { traces: TraceRecord[] }).traces);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    init({ exportTraces: false });
    await new Promise((resolve) => collector.close(resolve));
  });

  it('sends what the caller got back, redacted before it leaves, without changing the answer', async () => {
    init({ host: url, apiKey: 'crc_k', redact: (_span, field, data) => (field === 'inputs' ? { secret: '[redacted]' } : data) });
    const service = createService();
    service.route('/echo', EchoConfig)(async (inputs: Record<string, unknown>, config: EchoConfig) => `${config.greeting} ${String(inputs['name'])}`);
    const answer = await request(service.expressApp()).post('/playground/run/echo').send({ inputs: { name: 'Ada', secret: 'pw' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBe('hello Ada');

    await flushTraces();
    expect(received).toHaveLength(1);
    const [exported] = received;
    expect(exported).toMatchObject({ trace_id: answer.body.trace.trace_id, route: '/echo', inputs: { secret: '[redacted]' }, output: 'hello Ada' });
    expect(JSON.stringify(exported)).not.toContain('pw');
    expect(traceExportStats()).toMatchObject({ exported: 1, dropped: 0, queued: 0 });
  });

  it('is off without an API key, and when switched off', async () => {
    init({ host: url });
    expect(traceExportStats()).toBeNull();
    init({ host: url, apiKey: 'crc_k', exportTraces: false });
    expect(traceExportStats()).toBeNull();
  });
});
