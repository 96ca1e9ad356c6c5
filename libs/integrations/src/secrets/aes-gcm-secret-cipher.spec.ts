import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SecretUnreadableError } from '@crucible/application';
import { AesGcmSecretCipher, keyIdOf } from './aes-gcm-secret-cipher';
import { decodeMasterKey, embeddedMasterKey } from './master-key-file';

const key = () => randomBytes(32);

describe('AesGcmSecretCipher', () => {
  it('seals with a fresh nonce each time, beside the id of its key, and opens what it sealed', () => {
    const master = key();
    const cipher = new AesGcmSecretCipher(master);
    const [first, second] = [cipher.seal('sk-secret'), cipher.seal('sk-secret')];
    expect(first.keyId).toBe(keyIdOf(master));
    expect(first.ciphertext).not.toBe(second.ciphertext);
    expect(Buffer.from(first.ciphertext, 'base64').subarray(0, 12)).not.toEqual(Buffer.from(second.ciphertext, 'base64').subarray(0, 12));
    expect(Buffer.from(first.ciphertext, 'base64').toString('latin1')).not.toContain('sk-secret');
    expect(cipher.open(first)).toBe('sk-secret');
  });

  it('opens old values with the previous key and seals only with the current one', () => {
    const [old, current] = [key(), key()];
    const sealedBefore = new AesGcmSecretCipher(old).seal('sk-old');
    const rotating = new AesGcmSecretCipher(current, [old]);
    expect(rotating.open(sealedBefore)).toBe('sk-old');
    expect(rotating.seal('sk-new').keyId).toBe(keyIdOf(current));
    expect(() => new AesGcmSecretCipher(current).open(sealedBefore)).toThrow(SecretUnreadableError);
  });

  it('refuses a value altered at rest', () => {
    const cipher = new AesGcmSecretCipher(key());
    const sealed = cipher.seal('sk-secret');
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => cipher.open({ ...sealed, ciphertext: bytes.toString('base64') })).toThrow(/fails authentication/);
  });

  it('has nothing to seal with when no key is set', () => {
    const cipher = new AesGcmSecretCipher(null);
    expect(cipher.canSeal()).toBe(false);
    expect(() => cipher.seal('x')).toThrow(/CRUCIBLE_SECRET_KEY/);
  });
});

describe('the master key file of embedded mode', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'crucible-key-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated once, readable by its owner only, and read on later starts', () => {
    const first = embeddedMasterKey(dir);
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(decodeMasterKey(readFileSync(join(dir, 'secret.key'), 'utf8'))).toEqual(first);
    expect(embeddedMasterKey(dir)).toEqual(first);
  });

  it('names the problem when the file holds no key', () => {
    writeFileSync(join(dir, 'secret.key'), 'not a key');
    expect(() => embeddedMasterKey(dir)).toThrow(/secret\.key does not hold a master key.*CRUCIBLE_SECRET_KEY/);
  });

  it('accepts only the base64 of 32 bytes', () => {
    expect(decodeMasterKey(randomBytes(32).toString('base64'))).toHaveLength(32);
    expect(decodeMasterKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(decodeMasterKey('not base64 at all!')).toBeNull();
  });
});
