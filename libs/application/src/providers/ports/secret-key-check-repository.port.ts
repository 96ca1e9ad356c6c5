import type { SealedSecret } from '@crucible/domain';

/** One known value sealed under the master key: a wrong key is found at start, not at the first call. */
export abstract class SecretKeyCheckRepository {
  abstract read(): Promise<SealedSecret | null>;
  /** Kept when a check is already stored (another process started first). */
  abstract create(sealed: SealedSecret): Promise<void>;
  /** Rotation. */
  abstract replace(sealed: SealedSecret): Promise<void>;
}
