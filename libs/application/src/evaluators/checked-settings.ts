import { DomainError } from '@crucible/domain';
import type { EvaluatorService } from './ports';
import type { OutboundGuard } from '../outbound/ports';
import { checkConfiguredUrl } from '../outbound/check-configured-url';

/**
 * The evaluator's settings with defaults applied, or a refusal naming the setting at fault; every `*_url`
 * setting (the webhook's) must pass the outbound guard.
 */
export async function checkedSettings(
  evaluators: EvaluatorService, guard: OutboundGuard, key: string, settings: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const check = evaluators.validateSettings(key, settings);
  if (!check.ok) throw DomainError.invalidInput(check.violations);
  for (const [name, value] of Object.entries(check.settings)) {
    if (name.endsWith('_url') && typeof value === 'string') {
      await checkConfiguredUrl(guard, ['settings_values', name], value);
    }
  }
  return check.settings;
}
