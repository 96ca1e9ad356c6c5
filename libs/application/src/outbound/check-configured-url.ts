import { DomainError } from '@crucible/domain';
import { type OutboundGuard, OutboundRefusedError } from './ports';

/** Configuration time: a URL the guard would refuse is refused on the field that holds it, not a failure later. */
export async function checkConfiguredUrl(guard: OutboundGuard, field: string[], url: string): Promise<void> {
  try {
    await guard.check(url);
  } catch (error) {
    if (!(error instanceof OutboundRefusedError)) throw error;
    throw DomainError.invalidInput([{ field, reason: error.message, rule: 'invalid_value' }]);
  }
}
