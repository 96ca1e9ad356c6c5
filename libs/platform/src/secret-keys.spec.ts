import { randomBytes } from 'node:crypto';
import {
  type EnvironmentConnectionSettings, ProviderReadCache, RotateSecretsUseCase, SecretKeyMismatchError, StoredConnectionCredentialsSource, sealSecrets,
  verifySecretKey,
} from '@crucible/application';
import { InMemoryProviderConnectionRepository, InMemorySecretKeyCheckRepository } from '@crucible/application/testing';
import type { ProviderConnection, ProviderKind } from '@crucible/domain';
import { AesGcmSecretCipher } from '@crucible/integrations';

const key = () => randomBytes(32);
const connection = (cipher: AesGcmSecretCipher, id: string, kind: ProviderKind, apiKey: string): ProviderConnection => ({
  id, projectId: 'p', name: id, kind, baseUrl: null, apiVersion: null, apiKeyHint: null, headerNames: [],
  sealed: sealSecrets(cipher, { apiKey }), listedModels: [], createdAt: new Date(), createdBy: 'test',
});

describe('the key check at start', () => {
  it('is sealed by the first start; a start with another key stops naming CRUCIBLE_SECRET_KEY; the previous key is a reader', async () => {
    const checks = new InMemorySecretKeyCheckRepository();
    const [first, other] = [key(), key()];
    await verifySecretKey(new AesGcmSecretCipher(first), checks);
    expect(checks.stored).not.toBeNull();
    await verifySecretKey(new AesGcmSecretCipher(first), checks);
    const wrong = verifySecretKey(new AesGcmSecretCipher(other), checks);
    await expect(wrong).rejects.toThrow(SecretKeyMismatchError);
    await expect(verifySecretKey(new AesGcmSecretCipher(other), checks)).rejects.toThrow(/CRUCIBLE_SECRET_KEY does not open/);
    await verifySecretKey(new AesGcmSecretCipher(other, [first]), checks);
  });

  it('checks nothing without a key (distributed mode: storing answers 503 instead)', async () => {
    const checks = new InMemorySecretKeyCheckRepository();
    await verifySecretKey(new AesGcmSecretCipher(null), checks);
    expect(checks.stored).toBeNull();
  });
});

describe('connection credentials', () => {
  const environment: EnvironmentConnectionSettings = { apiKey: 'sk-env', baseUrl: 'http://env.example/v1' };

  it('opens a connection by id, the first of a kind, or the OPENAI_* fallback', async () => {
    const cipher = new AesGcmSecretCipher(key());
    const connections = new InMemoryProviderConnectionRepository();
    await connections.create(connection(cipher, 'a1', 'anthropic', 'sk-ant-1'));
    await connections.create(connection(cipher, 'a2', 'anthropic', 'sk-ant-2'));
    const source = new StoredConnectionCredentialsSource(connections, cipher, environment, new ProviderReadCache());
    expect(await source.open('p', { connectionId: 'a2' })).toMatchObject({ id: 'a2', kind: 'anthropic', apiKey: 'sk-ant-2' });
    expect(await source.open('p', { provider: 'anthropic' })).toMatchObject({ id: 'a1', apiKey: 'sk-ant-1' });
    expect(await source.open('p', { connectionId: 'environment' })).toMatchObject({ id: 'environment', apiKey: 'sk-env', baseUrl: 'http://env.example/v1' });
    expect(await source.open('p', { provider: 'openai' })).toMatchObject({ id: 'environment' });
    expect(await source.open('p', { provider: 'gemini' })).toBeNull();
    expect(await source.open('other-project', { connectionId: 'a1' })).toBeNull();
    const withoutEnv = new StoredConnectionCredentialsSource(connections, cipher, { apiKey: undefined, baseUrl: undefined }, new ProviderReadCache());
    expect(await withoutEnv.open('p', { connectionId: 'environment' })).toBeNull();
    const localServer = new StoredConnectionCredentialsSource(connections, cipher, { apiKey: undefined, baseUrl: 'http://127.0.0.1:8090/v1' }, new ProviderReadCache());
    expect(await localServer.open('p', { connectionId: 'environment' })).toMatchObject({ kind: 'openai', baseUrl: 'http://127.0.0.1:8090/v1' });
  });

  it('rotation re-seals every value under the current key, after which the old key alone opens none', async () => {
    const [old, current] = [key(), key()];
    const before = new AesGcmSecretCipher(old);
    const connections = new InMemoryProviderConnectionRepository();
    const checks = new InMemorySecretKeyCheckRepository();
    await verifySecretKey(before, checks);
    await connections.create(connection(before, 'c1', 'openai', 'sk-1'));
    await connections.create(connection(before, 'c2', 'mistral', 'sk-2'));
    const rotating = new AesGcmSecretCipher(current, [old]);
    expect(await new RotateSecretsUseCase(rotating, connections, checks, new ProviderReadCache()).execute()).toMatchObject({ resealed: 2, unchanged: 0 });
    expect(await new RotateSecretsUseCase(rotating, connections, checks, new ProviderReadCache()).execute()).toMatchObject({ resealed: 0, unchanged: 2 });
    const after = new AesGcmSecretCipher(current);
    await verifySecretKey(after, checks);
    expect(await new StoredConnectionCredentialsSource(connections, after, environment, new ProviderReadCache()).open('p', { connectionId: 'c2' })).toMatchObject({ apiKey: 'sk-2' });
    await expect(verifySecretKey(new AesGcmSecretCipher(old), checks)).rejects.toThrow(SecretKeyMismatchError);
    await expect(new StoredConnectionCredentialsSource(connections, new AesGcmSecretCipher(old), environment, new ProviderReadCache()).open('p', { connectionId: 'c1' }))
      .rejects.toThrow(/CRUCIBLE_SECRET_KEY/);
  });
});
