import type { Provider } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  ConnectionCredentialsSource, EnvironmentConnectionSettings, OutboundGuard, PROVIDERS_USE_CASES, ProviderProbe, ProviderReadCache, SecretCipher,
  SecretKeyCheckRepository, StoredConnectionCredentialsSource, verifySecretKey,
} from '@crucible/application';
import type { DatabaseConfig } from '@crucible/persistence';
import { GuardedProviderProbe } from '@crucible/integrations';
import { type CrucibleConfigService, environmentOf } from './config/crucible-config.module';
import { secretCipherOf } from './config/master-keys';

/** The cipher is ready only once the stored key check opened: a wrong CRUCIBLE_SECRET_KEY stops the start here. */
export const secretCipherProvider = (database: DatabaseConfig): Provider => ({
  provide: SecretCipher,
  useFactory: async (config: CrucibleConfigService, checks: SecretKeyCheckRepository) => {
    const cipher = secretCipherOf(environmentOf(config), database);
    await verifySecretKey(cipher, checks);
    return cipher;
  },
  inject: [ConfigService, SecretKeyCheckRepository],
});

export const providerProviders = (database: DatabaseConfig): Provider[] => [
  ...PROVIDERS_USE_CASES,
  ProviderReadCache,
  secretCipherProvider(database),
  {
    provide: EnvironmentConnectionSettings,
    useFactory: (config: CrucibleConfigService): EnvironmentConnectionSettings => {
      const { OPENAI_API_KEY, OPENAI_BASE_URL } = environmentOf(config);
      return { apiKey: OPENAI_API_KEY, baseUrl: OPENAI_BASE_URL };
    },
    inject: [ConfigService],
  },
  { provide: ConnectionCredentialsSource, useClass: StoredConnectionCredentialsSource },
  { provide: ProviderProbe, useFactory: (guard: OutboundGuard) => new GuardedProviderProbe(guard), inject: [OutboundGuard] },
];
