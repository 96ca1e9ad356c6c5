import { randomUUID } from 'node:crypto';
import type { Actor } from '@crucible/domain';
import { InMemoryApiKeyRepository } from '../../testing';
import { UnitOfWork } from '../../shared/unit-of-work';
import { issueApiKey } from '../api-key-secret';
import { AuthenticateUseCase } from './authenticate.use-case';
import { DeleteApiKeyUseCase } from './delete-api-key.use-case';

/** A unit whose after-commit effects wait for `commit()`, as they wait for the database's commit. */
class HeldUnitOfWork extends UnitOfWork {
  private readonly effects: Array<() => Promise<void> | void> = [];
  run<T>(work: () => Promise<T>): Promise<T> { return work(); }
  async afterCommit(effect: () => Promise<void> | void): Promise<void> { this.effects.push(effect); }
  isActive(): boolean { return true; }
  async commit(): Promise<void> { for (const effect of this.effects.splice(0)) await effect(); }
}

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
