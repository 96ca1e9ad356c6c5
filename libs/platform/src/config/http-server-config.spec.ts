import { once } from 'node:events';
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnvironment } from './environment.schema';
import { applyHttpServerLimits, defaultMaxConnections, httpBodyLimitsOf, httpServerLimitsOf, openFilesLimit } from './http-server-config';

describe('the HTTP limits (ARCHITECTURE §19)', () => {
  it('default to 1 MB, 16 MB and 200 MB bodies, 20 s + 5 s for headers, 120 s per request, 5 s keep-alive', () => {
    const env = parseEnvironment({});
    expect(httpBodyLimitsOf(env)).toEqual({ maxBodyBytes: 1024 * 1024, maxTraceBodyBytes: 16 * 1024 * 1024, maxUploadBytes: 200 * 1024 * 1024 });
    const limits = httpServerLimitsOf(env);
    expect(limits).toMatchObject({ headersTimeoutMs: 20_000, connectionsCheckingIntervalMs: 5000, requestTimeoutMs: 120_000, keepAliveTimeoutMs: 5000 });
    expect(limits.headersTimeoutMs + limits.connectionsCheckingIntervalMs).toBeLessThanOrEqual(60_000);
  });

  it('take CRUCIBLE_MAX_* from the environment, and refuse what is not a positive whole number', () => {
    const env = parseEnvironment({
      CRUCIBLE_MAX_BODY_BYTES: '2048', CRUCIBLE_MAX_TRACE_BODY_BYTES: '4096', CRUCIBLE_MAX_UPLOAD_BYTES: '8192', CRUCIBLE_MAX_CONNECTIONS: '50',
    });
    expect(httpBodyLimitsOf(env)).toEqual({ maxBodyBytes: 2048, maxTraceBodyBytes: 4096, maxUploadBytes: 8192 });
    expect(httpServerLimitsOf(env).maxConnections).toBe(50);
    expect(() => parseEnvironment({ CRUCIBLE_MAX_CONNECTIONS: '0' })).toThrow(/CRUCIBLE_MAX_CONNECTIONS must be at least 1/);
    expect(() => parseEnvironment({ CRUCIBLE_MAX_BODY_BYTES: '1mb' })).toThrow(/CRUCIBLE_MAX_BODY_BYTES must be a whole number/);
  });

  it('cap connections at 4096, fewer when the descriptor limit would run out first', () => {
    expect(defaultMaxConnections(20_000)).toBe(4096);
    expect(defaultMaxConnections(4096)).toBe(2048);
    expect(defaultMaxConnections(1024)).toBe(512);
    expect(defaultMaxConnections(undefined)).toBe(4096);
  });

  it("read the soft descriptor limit from the process's limits", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'limits-')), 'limits');
    writeFileSync(file, 'Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n');
    expect(openFilesLimit(file)).toBe(1024);
    expect(openFilesLimit(join(file, 'missing'))).toBeUndefined();
  });
});

describe('closing a server with the HTTP limits', () => {
  it('cuts a connection that never sends its request once the grace is over, so a shutdown cannot hang on it', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    const limits = httpServerLimitsOf(parseEnvironment({}));
    // Headers may take a minute here: only the grace can end the held socket before the test's own time-out.
    applyHttpServerLimits(server, { ...limits, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000, closeGraceMs: 50 });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await once(socket, 'connect');
    socket.write('GET / HTTP/1.1\r\nhost: x\r\n');
    const socketClosed = once(socket, 'close');
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await socketClosed;
    expect(server.listening).toBe(false);
  });
});
