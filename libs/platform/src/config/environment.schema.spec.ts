import { InvalidEnvironmentError, parseEnvironment } from './environment.schema';
import { databaseConfigOf, outboundConfigOf, queueConfigOf } from './server-config';

describe('the environment schema', () => {
  it('gives every variable its documented default, and treats empty as unset', () => {
    const env = parseEnvironment({ PORT: '', OPENAI_BASE_URL: '' });
    expect(env).toMatchObject({ PORT: 8000, HOST: '0.0.0.0', RUNNER_PORT: 8001, RUNNER_CONCURRENCY: 2, CRUCIBLE_TRACE_RETENTION_DAYS: 30 });
    expect(env.OPENAI_BASE_URL).toBeUndefined();
    expect(databaseConfigOf(env)).toEqual({ kind: 'pglite', dataDir: '.data' });
    expect(queueConfigOf(env)).toEqual({ kind: 'in-process', concurrency: 2 });
    expect(outboundConfigOf(env, 'embedded').allowedPrivateHosts).toEqual(['127.0.0.1', 'localhost']);
    expect(outboundConfigOf(env, 'distributed').allowedPrivateHosts).toEqual([]);
  });

  it('holds online evaluation claims 5 minutes unless told otherwise, never less than a second', () => {
    expect(parseEnvironment({}).CRUCIBLE_ONLINE_EVALUATION_LEASE_SECONDS).toBe(300);
    expect(parseEnvironment({ CRUCIBLE_ONLINE_EVALUATION_LEASE_SECONDS: '3' }).CRUCIBLE_ONLINE_EVALUATION_LEASE_SECONDS).toBe(3);
    expect(() => parseEnvironment({ CRUCIBLE_ONLINE_EVALUATION_LEASE_SECONDS: '0' })).toThrow(/CRUCIBLE_ONLINE_EVALUATION_LEASE_SECONDS must be at least 1/);
  });

  it('turns numbers and URLs into typed settings', () => {
    const env = parseEnvironment({
      PORT: '9001', DATABASE_URL: 'postgres://u:secret@db:5432/crucible', DATABASE_POOL_SIZE: '4', REDIS_URL: 'redis://cache:6379',
      QUEUE_NAME: 'team-a', RUNNER_CONCURRENCY: '8', CRUCIBLE_TRACE_RETENTION_DAYS: '0',
    });
    expect(env.PORT).toBe(9001);
    expect(databaseConfigOf(env)).toEqual({ kind: 'postgres', url: 'postgres://u:secret@db:5432/crucible', poolSize: 4, changeNotices: true });
    expect(databaseConfigOf({ ...env, CRUCIBLE_CHANGE_NOTICES: 'off' })).toMatchObject({ changeNotices: false });
    expect(queueConfigOf(env)).toEqual({
      kind: 'bullmq', redisUrl: 'redis://cache:6379', concurrency: 8, lockDurationMs: 30_000, queueName: 'team-a',
    });
    expect(env.CRUCIBLE_TRACE_RETENTION_DAYS).toBe(0);
  });

  it('names every invalid variable, and never repeats a value that may be secret', () => {
    const attempt = () => parseEnvironment({
      PORT: 'eighty', RUNNER_CONCURRENCY: '0', DATABASE_URL: 'mysql://root:hunter2@db/x', LOG_LEVEL: 'loud', CRUCIBLE_CHANGE_NOTICES: 'maybe',
    });
    expect(attempt).toThrow(InvalidEnvironmentError);
    expect(attempt).toThrow(/PORT must be a whole number from 0 to 65535/);
    expect(attempt).toThrow(/RUNNER_CONCURRENCY must be at least 1/);
    expect(attempt).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(attempt).toThrow(/LOG_LEVEL/);
    expect(attempt).toThrow(/CRUCIBLE_CHANGE_NOTICES must be "on" or "off"/);
    expect(attempt).not.toThrow(/hunter2/);
  });

  it('refuses a bootstrap key under 32 characters, naming the rule and never the key', () => {
    const attempt = () => parseEnvironment({ CRUCIBLE_BOOTSTRAP_API_KEY: 'Passw0rd' });
    expect(attempt).toThrow(InvalidEnvironmentError);
    expect(attempt).toThrow(/CRUCIBLE_BOOTSTRAP_API_KEY must be at least 32 characters/);
    expect(attempt).not.toThrow(/Passw0rd/);
    const long = 'crc_'.padEnd(32, 'k');
    expect(parseEnvironment({ CRUCIBLE_BOOTSTRAP_API_KEY: long }).CRUCIBLE_BOOTSTRAP_API_KEY).toBe(long);
  });

  it('bounds comparisons computed at once to CRUCIBLE_MAX_CONCURRENT_COMPARISONS, 2 unless set, at least 1', () => {
    expect(parseEnvironment({}).CRUCIBLE_MAX_CONCURRENT_COMPARISONS).toBe(2);
    expect(parseEnvironment({ CRUCIBLE_MAX_CONCURRENT_COMPARISONS: '3' }).CRUCIBLE_MAX_CONCURRENT_COMPARISONS).toBe(3);
    expect(() => parseEnvironment({ CRUCIBLE_MAX_CONCURRENT_COMPARISONS: '0' })).toThrow(/CRUCIBLE_MAX_CONCURRENT_COMPARISONS must be at least 1/);
  });

  it('takes master keys as the base64 of 32 bytes, and names a malformed one without repeating it', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(parseEnvironment({ CRUCIBLE_SECRET_KEY: key, CRUCIBLE_SECRET_KEY_PREVIOUS: key })).toMatchObject({ CRUCIBLE_SECRET_KEY: key });
    const attempt = () => parseEnvironment({ CRUCIBLE_SECRET_KEY: 'hunter2-short', CRUCIBLE_SECRET_KEY_PREVIOUS: Buffer.alloc(16).toString('base64') });
    expect(attempt).toThrow(/CRUCIBLE_SECRET_KEY must be the base64 of exactly 32 bytes/);
    expect(attempt).toThrow(/CRUCIBLE_SECRET_KEY_PREVIOUS must be the base64 of exactly 32 bytes/);
    expect(attempt).not.toThrow(/hunter2/);
  });

  it('turns single sign-on on with all three OIDC variables or none, and never auto-joins as owner', () => {
    const sso = { CRUCIBLE_OIDC_ISSUER: 'https://idp.example.com/realms/team', CRUCIBLE_OIDC_CLIENT_ID: 'crucible', CRUCIBLE_OIDC_CLIENT_SECRET: 's3cret' };
    expect(parseEnvironment({ ...sso, CRUCIBLE_OIDC_AUTO_JOIN_ROLE: 'viewer' })).toMatchObject({ ...sso, CRUCIBLE_OIDC_AUTO_JOIN_ROLE: 'viewer' });
    expect(parseEnvironment({}).CRUCIBLE_OIDC_ISSUER).toBeUndefined();
    const partial = () => parseEnvironment({ CRUCIBLE_OIDC_ISSUER: sso.CRUCIBLE_OIDC_ISSUER, CRUCIBLE_OIDC_CLIENT_SECRET: 's3cret' });
    expect(partial).toThrow(/CRUCIBLE_OIDC_CLIENT_ID must be set too/);
    expect(partial).not.toThrow(/s3cret/);
    expect(() => parseEnvironment({ ...sso, CRUCIBLE_OIDC_AUTO_JOIN_ROLE: 'owner' })).toThrow(/CRUCIBLE_OIDC_AUTO_JOIN_ROLE must be one of viewer, annotator, editor, admin/);
    expect(() => parseEnvironment({ ...sso, CRUCIBLE_OIDC_ISSUER: 'ftp://idp' })).toThrow(/CRUCIBLE_OIDC_ISSUER must be a http\(s\):\/\/ URL/);
  });
});
