import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundFailureError, OutboundRefusedError } from '@crucible/application';
import { UndiciOutboundGuard } from './undici-outbound-guard';

describe('UndiciOutboundGuard', () => {
  let server: Server;
  let port: number;
  const hits: string[] = [];
  const ports: Array<number | undefined> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`.trim());
      ports.push(req.socket.remotePort);
      if (req.url === '/redirect') res.writeHead(302, { location: '/target' }).end();
      else if (req.url === '/big') res.end('x'.repeat(5000));
      else if (req.url === '/big-streamed') {
        // No content-length: the cap is only seen while reading.
        res.writeHead(200);
        for (let i = 0; i < 10; i += 1) res.write('x'.repeat(500));
        res.end();
      } else if (req.url === '/trickle') {
        res.writeHead(200);
        const drip = setInterval(() => res.write('x'), 20);
        res.on('close', () => clearInterval(drip));
      }
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    // undici keeps an idle connection for the server's keep-alive hint minus 2 s. With Node's default hint (5 s) a
    // 3 s pause between two requests on a loaded CI machine opened a second connection and failed the reuse check.
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    hits.splice(0);
    ports.splice(0);
  });

  const guard = (allowed: string[], maxResponseBytes = 1000) => new UndiciOutboundGuard({ allowedPrivateHosts: allowed, maxResponseBytes });
  const get = { method: 'GET' as const, timeoutMs: 2000 };

  it('calls an allowed host and answers its status and body', async () => {
    const response = await guard(['localhost']).request(`http://localhost:${port}/x`, get);
    expect(response).toEqual({ status: 200, statusText: 'OK', text: '{"ok":true}' });
    expect(hits).toEqual(['GET /x']);
  });

  it('keeps the connection to a checked host alive between requests, and closes it on shutdown', async () => {
    const keeping = guard(['localhost', '127.0.0.1']);
    await keeping.request(`http://localhost:${port}/a`, get);
    await keeping.request(`http://localhost:${port}/b`, get);
    await keeping.request(`http://127.0.0.1:${port}/c`, get);
    expect(hits).toEqual(['GET /a', 'GET /b', 'GET /c']);
    expect(ports[1]).toBe(ports[0]);
    await keeping.onModuleDestroy();
    await keeping.request(`http://localhost:${port}/d`, get);
    expect(ports[3]).not.toBe(ports[0]);
    await keeping.onModuleDestroy();
  });

  it.each(['http://127.1:PORT/x', 'http://2130706433:PORT/x', 'http://0x7f.0.0.1:PORT/x', 'http://[::ffff:127.0.0.1]:PORT/x', 'http://[::1]:PORT/x'])(
    'refuses the numeric spelling %s of a loopback address that is not listed, without a request',
    async (spelled) => {
      const call = guard(['localhost']).request(spelled.replace('PORT', String(port)), get);
      await expect(call).rejects.toBeInstanceOf(OutboundRefusedError);
      await expect(call).rejects.toThrow(/loopback address; list the host in CRUCIBLE_ALLOWED_PRIVATE_HOSTS/);
      expect(hits).toEqual([]);
    },
  );

  it.each(['http://0.0.0.0:PORT/x', 'http://0:PORT/x', 'http://169.254.169.254/latest/meta-data', 'http://[fd00:ec2::254]/'])(
    'always refuses %s, even with everything listed',
    async (url) => {
      const everything = guard(['0.0.0.0/0', '::/0', '0.0.0.0', '169.254.169.254']);
      await expect(everything.request(url.replace('PORT', String(port)), get)).rejects.toThrow(/never called/);
      expect(hits).toEqual([]);
    },
  );

  it('refuses other schemes', async () => {
    await expect(guard(['localhost']).check('file:///etc/passwd')).rejects.toThrow(/only http and https/);
    await expect(guard(['localhost']).check('gopher://localhost/')).rejects.toThrow(/only http and https/);
  });

  it('checks at configuration time without calling', async () => {
    await expect(guard([]).check(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(guard(['127.0.0.1']).check(`http://127.0.0.1:${port}/`)).resolves.toBeUndefined();
    // A host that does not resolve yet is judged when it is called.
    await expect(guard([]).check('http://not-yet-up.invalid/')).resolves.toBeUndefined();
    expect(hits).toEqual([]);
  });

  it('does not follow redirects', async () => {
    const call = guard(['127.0.0.1']).request(`http://127.0.0.1:${port}/redirect`, get);
    await expect(call).rejects.toThrow(/answered 302 \(a redirect\); redirects are not followed/);
    expect(hits).toEqual(['GET /redirect']);
  });

  it('cuts off an answer over the byte cap', async () => {
    const call = guard(['127.0.0.1'], 1000).request(`http://127.0.0.1:${port}/big`, get);
    await expect(call).rejects.toMatchObject({ kind: 'too_large' });
    await expect(call).rejects.toBeInstanceOf(OutboundFailureError);
  });

  it('cuts off a streamed answer over the byte cap', async () => {
    const call = guard(['127.0.0.1'], 1000).request(`http://127.0.0.1:${port}/big-streamed`, get);
    await expect(call).rejects.toMatchObject({ kind: 'too_large', message: expect.stringMatching(/more than 1000 bytes/) });
  });

  it('times out an answer that never ends, however steadily it trickles', async () => {
    const call = guard(['127.0.0.1']).request(`http://127.0.0.1:${port}/trickle`, { method: 'GET', timeoutMs: 300 });
    await expect(call).rejects.toMatchObject({ kind: 'timeout', message: expect.stringMatching(/did not answer within 300 ms/) });
  });

  it('refuses its own listening socket, also at an address it has called before', async () => {
    const self = guard(['127.0.0.1']);
    await self.request(`http://127.0.0.1:${port}/x`, get);
    self.protectListeningSocket({ address: '127.0.0.1', port });
    await expect(self.request(`http://127.0.0.1:${port}/x`, get)).rejects.toThrow(/own listening socket/);
    expect(hits).toEqual(['GET /x']);
    await self.onModuleDestroy();
  });

  it('refuses its own listening socket', async () => {
    const self = guard(['127.0.0.1']);
    self.protectListeningSocket({ address: '127.0.0.1', port });
    await expect(self.request(`http://127.0.0.1:${port}/x`, get)).rejects.toThrow(/own listening socket/);
    expect(hits).toEqual([]);
  });

  it('sends URL credentials as Basic auth and never shows them in a message', async () => {
    await guard(['127.0.0.1']).request(`http://user:s3cret@127.0.0.1:${port}/x`, get);
    expect(hits).toEqual([`GET /x Basic ${Buffer.from('user:s3cret').toString('base64')}`]);
    await expect(guard([]).request(`http://user:s3cret@127.0.0.1:${port}/x`, get)).rejects.toThrow(/^(?!.*s3cret)/);
  });
});
