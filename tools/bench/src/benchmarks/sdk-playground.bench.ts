/**
 * SDK `POST /playground/run/{route}` against a bare express 5 handler doing the same work: parse the JSON body,
 * apply the configuration's defaults, run the same workflow function, answer `{data}`. 20 connections.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { Field, createService } from '@crucible/sdk';
import type { Benchmark } from '../support/benchmark';
import { compareLoads, describeLoad } from '../support/load';
import { percent } from '../support/table';

class GreetingConfig {
  @Field({ default: 'Hello, {name}!' })
  template!: string;

  @Field({ default: 1, ge: 1, le: 5, type: 'int' })
  repeat!: number;
}

const greet = async (inputs: Record<string, unknown>, config: GreetingConfig): Promise<string> =>
  config.template.replace('{name}', String(inputs['name'])).repeat(config.repeat);

const DEFAULTS: GreetingConfig = { template: 'Hello, {name}!', repeat: 1 };
const BODY = JSON.stringify({ inputs: { name: 'Ada' }, config: { repeat: 2 } });

async function bareExpress(): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.disable('etag');
  app.use(express.json());
  app.post('/playground/run/greet', async (req, res) => {
    const body = req.body as { inputs: Record<string, unknown>; config?: Partial<GreetingConfig> };
    res.json({ data: await greet(body.inputs, { ...DEFAULTS, ...body.config }) });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/playground/run/greet`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const sdkPlaygroundBenchmark: Benchmark = {
  name: 'sdk-playground',
  perEngine: false,
  async run() {
    const service = createService({ title: 'bench' });
    service.route('/greet', GreetingConfig)(greet);
    const sdk = await service.listen({ port: 0, host: '127.0.0.1' });
    const bare = await bareExpress();
    try {
      const request = { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY, connections: 20 };
      const { baseline, crucible } = await compareLoads(
        { ...request, url: bare.url }, { ...request, url: `${sdk.url}/playground/run/greet` }, 3,
        Number(process.env['BENCH_LOAD_SECONDS'] ?? 3),
      );
      const ratio = crucible.requestsPerSecond / baseline.requestsPerSecond;
      return [{
        benchmark: 'SDK POST /playground/run/{route}, 20 conn', engine: '—',
        measured: describeLoad(crucible), baseline: `bare express 5 ${describeLoad(baseline)}`,
        ratio: `${percent(ratio)} of bare`, goal: '≥ 90 %', met: ratio >= 0.9 && crucible.failures === 0,
      }];
    } finally {
      await sdk.close();
      await bare.close();
    }
  },
};
