import { randomUUID } from 'node:crypto';
import { HeardChangeMarks, InMemoryApiKeyRepository } from '../../testing';
import { issueApiKey } from '../api-key-secret';
import { AuthenticateUseCase } from './authenticate.use-case';

describe('AuthenticateUseCase', () => {
  const keys = new InMemoryApiKeyRepository();
  const marks = new HeardChangeMarks();
  const authenticate = new AuthenticateUseCase(keys, marks);
  const projectId = randomUUID();

  it('answers the key\'s project, name and role as the actor', async () => {
    const { rawKey, key } = issueApiKey(projectId, 'ci', 'admin');
    await keys.create(key);
    expect(await authenticate.execute(rawKey)).toEqual({ projectId, type: 'api_key', id: key.id, name: 'ci', role: 'admin' });
  });

  it('records when a key was last used, writing at most once a minute however busy the key', async () => {
    const { rawKey, key } = issueApiKey(projectId, 'busy', 'editor');
    await keys.create(key);
    const recordUse = jest.spyOn(keys, 'recordUse');
    for (let i = 0; i < 5; i += 1) await authenticate.execute(rawKey);
    expect(recordUse.mock.calls.filter(([keyId]) => keyId === key.id)).toHaveLength(1);
    expect(keys.keys.find((stored) => stored.id === key.id)!.lastUsedAt).toBeInstanceOf(Date);
    recordUse.mockRestore();
  });

  it('refuses a missing key, saying how to send one', async () => {
    await expect(authenticate.execute(undefined)).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringContaining('Authorization: ApiKey') });
    await expect(authenticate.execute('')).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('answers a revoked key exactly like an unknown one', async () => {
    const { rawKey, key } = issueApiKey(projectId, 'old', 'editor');
    await keys.create(key);
    await keys.revoke(projectId, key.id, new Date());
    const revoked = await authenticate.execute(rawKey).catch((error: unknown) => error);
    const unknown = await authenticate.execute(issueApiKey(projectId, 'never stored', 'editor').rawKey).catch((error: unknown) => error);
    expect(revoked).toMatchObject({ code: 'unauthorized', message: 'invalid API key' });
    expect(unknown).toEqual(revoked);
  });

  it('does not hold a key whose lookup was in flight when the key was forgotten', async () => {
    const { rawKey, key } = issueApiKey(projectId, 'revoked meanwhile', 'editor');
    await keys.create(key);
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    const asOfBefore = await keys.findByHash(key.keyHash);
    const findByHash = jest.spyOn(keys, 'findByHash').mockImplementationOnce(async () => {
      await released;
      return asOfBefore; // read before the revocation committed
    });
    const inFlight = authenticate.execute(rawKey);
    await keys.revoke(projectId, key.id, new Date());
    authenticate.forget(key.id);
    release();
    await inFlight;
    findByHash.mockRestore();
    await expect(authenticate.execute(rawKey)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('refuses a key revoked by another process at the next request once this one has heard of it, without waiting', async () => {
    const { rawKey, key } = issueApiKey(projectId, 'revoked elsewhere', 'editor');
    await keys.create(key);
    await authenticate.execute(rawKey);
    // Another process revokes it (this one's forget is never called), and this one hears of it.
    await keys.revoke(projectId, key.id, new Date());
    marks.hear('api_keys');
    await expect(authenticate.execute(rawKey)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('holds a key without reading it again while no key changed', async () => {
    const { rawKey, key } = issueApiKey(projectId, 'steady', 'editor');
    await keys.create(key);
    await authenticate.execute(rawKey);
    const findByHash = jest.spyOn(keys, 'findByHash');
    for (let i = 0; i < 3; i += 1) await authenticate.execute(rawKey);
    expect(findByHash).not.toHaveBeenCalled();
    findByHash.mockRestore();
  });
});
