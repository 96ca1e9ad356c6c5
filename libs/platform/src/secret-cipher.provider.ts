import type { Provider } from '@nestjs/common';
import { SecretCipher, SecretKeyCheckRepository, verifySecretKey } from '@crucible/application';
import type { DatabaseConfig } from '@crucible/persistence';
import { CRUCIBLE_ENVIRONMENT } from './config/crucible-environment';
import type { CrucibleEnvironment } from './config/environment.schema';
import { secretCipherOf } from './config/master-keys';

/** The cipher is ready only once the stored key check opened: a wrong CRUCIBLE_SECRET_KEY stops the start here. */
export const secretCipherProvider = (database: DatabaseConfig): Provider => ({
  provide: SecretCipher,
  useFactory: async (environment: CrucibleEnvironment, checks: SecretKeyCheckRepository) => {
    const cipher = secretCipherOf(environment, database);
    await verifySecretKey(cipher, checks);
    return cipher;
  },
  inject: [CRUCIBLE_ENVIRONMENT, SecretKeyCheckRepository],
});
