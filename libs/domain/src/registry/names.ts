import { DomainError } from '../shared/domain-error';

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

/** App, base, variant and config names travel in URLs and CLI arguments, so they stay URL-safe. */
export function assertValidName(kind: string, name: string): void {
  if (!NAME_PATTERN.test(name)) {
    throw new DomainError(
      'rule_violation',
      `${kind} "${name}" is not valid: use 1-100 letters, digits, '_', '-' or '.', starting with a letter or digit`,
    );
  }
}
