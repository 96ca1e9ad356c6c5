import { DomainError } from '../shared/domain-error';

export const MAX_NAME_LENGTH = 100;
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

/** App, base, variant and config names travel in URLs and CLI arguments, so they stay URL-safe. */
export function assertValidName(kind: string, name: string): void {
  if (name.length > MAX_NAME_LENGTH) {
    throw DomainError.invalidInput([{ field: [kind], reason: `${kind} must be at most ${MAX_NAME_LENGTH} characters`, rule: 'text_too_long' }]);
  }
  if (!NAME_PATTERN.test(name)) {
    throw new DomainError(
      'rule_violation',
      `${kind} "${name}" is not valid: use 1-100 letters, digits, '_', '-' or '.', starting with a letter or digit`,
    );
  }
}
