import { Injectable } from '@nestjs/common';
import { ProviderConnectionRepository } from '../ports/provider-connection-repository.port';
import { SecretCipher, noMasterKeyError } from '../ports/secret-cipher.port';
import { SecretKeyCheckRepository } from '../ports/secret-key-check-repository.port';
import { ProviderReadCache } from '../provider-read-cache';

export interface RotationReport {
  keyId: string;
  resealed: number;
  unchanged: number;
}

/** Re-seals every stored secret and the key check under the current key (old ones opened with the previous key). */
@Injectable()
export class RotateSecretsUseCase {
  constructor(
    private readonly cipher: SecretCipher,
    private readonly connections: ProviderConnectionRepository,
    private readonly checks: SecretKeyCheckRepository,
    private readonly cache: ProviderReadCache,
  ) {}

  async execute(): Promise<RotationReport> {
    const keyId = this.cipher.currentKeyId();
    if (!keyId) throw noMasterKeyError();
    let resealed = 0;
    let unchanged = 0;
    // Opened all first: a value no key opens stops the rotation before anything was rewritten.
    const sealed = await this.connections.allSealed();
    const opened = sealed.map(({ id, sealed: value }) => ({ id, value, plaintext: this.cipher.open(value) }));
    for (const { id, value, plaintext } of opened) {
      if (value.keyId === keyId) unchanged++;
      else {
        await this.connections.replaceSealed(id, this.cipher.seal(plaintext));
        resealed++;
      }
    }
    const check = await this.checks.read();
    if (check && check.keyId !== keyId) await this.checks.replace(this.cipher.seal(this.cipher.open(check)));
    this.cache.clear();
    return { keyId, resealed, unchanged };
  }
}
