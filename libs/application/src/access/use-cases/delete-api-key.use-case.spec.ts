import { randomUUID } from 'node:crypto';
import type { Actor } from '@crucible/domain';
import { HeldUnitOfWork, InMemoryApiKeyRepository } from '../../testing';
import { issueApiKey } from '../api-key-secret';
import { AuthenticateUseCase } from './authenticate.use-case';
import { DeleteApiKeyUseCase } from './delete-api-key.use-case';

describe('DeleteApiKeyUseCase', () => {
  it('forgets the key again after the commit: a request between the revocation and its commit read it as it was', async () => {
    const keys = new InMemoryApiKeyRepository();
    const authenticate = new AuthenticateUseCase(keys);
    const unit = new HeldUnitOfWork();
    const projectId = randomUUID();
    const owner = issueApiKey(projectId, 'owner', 'admin');
    const doomed = issueApiKey(projectId, 'doomed', 'editor');
    await keys.create(owner.key);
    await keys.create(doomed.key);
    const actor: Actor = { projectId, type: 'api_key', id: owner.key.id, name: 'owner', role: 'admin' };
    const asOfBefore = await keys.findByHash(doomed.key.keyHash);

    await new DeleteApiKeyUseCase(keys, authenticate, unit).execute(actor, { projectId, keyId: doomed.key.id });
    // Not committed yet: another connection still reads the key unrevoked.
    jest.spyOn(keys, 'findByHash').mockResolvedValueOnce(asOfBefore);
    await authenticate.execute(doomed.rawKey);
    await unit.commit();

    await expect(authenticate.execute(doomed.rawKey)).rejects.toMatchObject({ code: 'unauthorized', message: 'invalid API key' });
    await expect(authenticate.execute(owner.rawKey)).resolves.toMatchObject({ id: owner.key.id });
  });
});
