import { DomainError } from '@crucible/domain';
import { type OutboundGuard, OutboundRefusedError } from './ports';

/** Configuration time: a URL the guard would refuse is a 422 on the field that holds it, not a failure later. */
export async function checkConfiguredUrl(guard: OutboundGuard, loc: string[], url: string): Promise<void> {
  try {
    await guard.check(url);
  } catch (error) {
    if (!(error instanceof OutboundRefusedError)) throw error;
    throw DomainError.invalidInput([{ loc, msg: error.message, type: 'value_error' }]);
  }
}
