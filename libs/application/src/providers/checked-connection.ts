import {
  type ConnectionFieldName, DomainError, ENVIRONMENT_CONNECTION_ID, type InputRule, PROVIDER_KINDS, PROVIDER_KIND_SPECS,
  type ProviderKind, isProviderKind,
} from '@crucible/domain';
import type { OutboundGuard } from '../outbound/ports';
import { checkConfiguredUrl } from '../outbound/check-configured-url';

export const MAX_CONNECTION_NAME_LENGTH = 100;

const refuse = (field: string, reason: string, rule: InputRule): DomainError => DomainError.invalidInput([{ field: [field], reason, rule }]);

export function checkedConnectionName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw refuse('name', 'must not be empty', 'text_too_short');
  if (trimmed.length > MAX_CONNECTION_NAME_LENGTH) throw refuse('name', `must be at most ${MAX_CONNECTION_NAME_LENGTH} characters`, 'text_too_long');
  if (trimmed === ENVIRONMENT_CONNECTION_ID) throw refuse('name', `"${ENVIRONMENT_CONNECTION_ID}" is the read-only connection built from OPENAI_API_KEY`, 'invalid_value');
  return trimmed;
}

export function checkedKind(kind: string): ProviderKind {
  if (!isProviderKind(kind)) throw refuse('kind', `unknown provider kind "${kind.slice(0, 50)}"; one of ${PROVIDER_KINDS.join(', ')}`, 'not_a_choice');
  return kind;
}

/** A field the kind requires, given empty or not at all, is refused by name. */
export function requireFields(kind: ProviderKind, present: Partial<Record<ConnectionFieldName, boolean>>): void {
  for (const field of PROVIDER_KIND_SPECS[kind].fields) {
    if (field.required && !present[field.name]) throw refuse(field.name, `a ${kind} connection needs ${field.name}`, 'required');
  }
}

/** The base URL goes through the outbound guard (§12) when it is saved: a refused address is a 422 on base_url. */
export async function checkedBaseUrl(guard: OutboundGuard, baseUrl: string | null | undefined): Promise<string | null> {
  const trimmed = baseUrl?.trim().replace(/\/+$/, '');
  if (!trimmed) return null;
  // A password in the URL would be stored and shown in clear: keys travel only in the sealed fields.
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(trimmed)) {
    throw refuse('base_url', 'must not carry credentials (user:password@); give the key as api_key or in headers, which are stored encrypted', 'invalid_value');
  }
  await checkConfiguredUrl(guard, ['base_url'], trimmed);
  return trimmed;
}
