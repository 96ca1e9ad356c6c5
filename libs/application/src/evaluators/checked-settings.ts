import { DomainError } from '@crucible/domain';
import type { EvaluatorService } from './ports';
import type { OutboundGuard } from '../outbound/ports';
import { checkConfiguredUrl } from '../outbound/check-configured-url';

/**
 * The evaluator's settings with defaults applied, or a 422 pointing into the request body; every `*_url`
 * setting (the webhook's) must pass the outbound guard.
 */
export async function checkedSettings(
  evaluators: EvaluatorService, guard: OutboundGuard, key: string, settings: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const check = evaluators.validateSettings(key, settings);
  if (!check.ok) throw DomainError.invalidInput(check.issues.map((issue) => ({ ...issue, loc: ['body', ...issue.loc] })));
  for (const [name, value] of Object.entries(check.settings)) {
    if (name.endsWith('_url') && typeof value === 'string') {
      await checkConfiguredUrl(guard, ['body', 'settings_values', name], value);
    }
  }
  return check.settings;
}
