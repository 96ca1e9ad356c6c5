import { DomainError, normalizeEmail } from '@crucible/domain';

/** One minimum for every new password: the first-run setup's, an invited account's (ARCHITECTURE §17 asks ten). */
export const MIN_PASSWORD_LENGTH = 10;
/** argon2 reads any length; a bound keeps a sign-in request from asking it to hash megabytes. */
export const MAX_PASSWORD_LENGTH = 256;

export function assertAcceptablePassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new DomainError('rule_violation', `the password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new DomainError('rule_violation', `the password must be at most ${MAX_PASSWORD_LENGTH} characters`);
  }
}

/** A new account's address and name, normalized; a blank name or an address without "@" is refused. */
export function newAccountFields(input: { email: string; name: string }): { email: string; name: string } {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new DomainError('rule_violation', `"${input.email}" is not an email address`);
  if (!name) throw new DomainError('rule_violation', 'the name must not be blank');
  return { email, name };
}
