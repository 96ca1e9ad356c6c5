import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ProviderReadCache, type RotationReport, RotateSecretsUseCase } from '@crucible/application';
import { PersistenceModule } from '@crucible/persistence';
import { CRUCIBLE_ENVIRONMENT } from './config/crucible-environment';
import { databaseConfigOf } from './config/server-config';
import { parseEnvironment } from './config/environment.schema';
import { secretCipherProvider } from './secret-cipher.provider';

/**
 * `crucible admin rotate-secrets`: opens the database itself (DATABASE_URL, else CRUCIBLE_DATA_DIR — in embedded mode
 * while the api is stopped, PGlite's directory has one owner) and re-seals every secret under CRUCIBLE_SECRET_KEY.
 */
export async function rotateSecrets(rawEnv: Record<string, string | undefined>): Promise<RotationReport> {
  const environment = parseEnvironment(rawEnv);
  const database = databaseConfigOf(environment);
  @Module({
    imports: [PersistenceModule.forRoot(database)],
    providers: [{ provide: CRUCIBLE_ENVIRONMENT, useValue: environment }, secretCipherProvider(database),
      // Alone in its process: no unit of work to join, no sibling workers to tell; rotation only clears it.
      { provide: ProviderReadCache, useFactory: () => new ProviderReadCache() }, RotateSecretsUseCase],
  })
  class SecretRotationModule {}
  const context = await NestFactory.createApplicationContext(SecretRotationModule, { logger: false, abortOnError: false });
  try {
    return await context.get(RotateSecretsUseCase).execute();
  } finally {
    await context.close();
  }
}
