import { SecretKeyMismatchError } from '@crucible/application';
import { DomainError } from '@crucible/domain';
import { InvalidEnvironmentError, rotateSecrets } from '@crucible/platform';

/**
 * The server side of `crucible admin rotate-secrets` (the CLI runs this file: it may not open the database itself,
 * ARCHITECTURE §2). Re-seals every stored secret under CRUCIBLE_SECRET_KEY, reading old values with
 * CRUCIBLE_SECRET_KEY_PREVIOUS; the database comes from DATABASE_URL, else CRUCIBLE_DATA_DIR.
 */
async function main(): Promise<void> {
  const report = await rotateSecrets(process.env);
  process.stdout.write(`secrets re-encrypted under key ${report.keyId}: ${report.resealed} rotated, ${report.unchanged} already under it\n`);
}

main().catch((error: unknown) => {
  const known = error instanceof InvalidEnvironmentError || error instanceof SecretKeyMismatchError || error instanceof DomainError;
  process.stderr.write(`rotate-secrets failed: ${known || !(error instanceof Error) ? String((error as Error).message ?? error) : error.stack}\n`);
  process.exit(1);
});
