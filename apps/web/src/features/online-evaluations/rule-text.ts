import type { OnlineEvaluation } from '@crucible/client';

/** The rule's sampling rate as a percentage, without trailing noise (0.1 → "10 %"). */
export const samplingText = (rate: number): string => `${Number((rate * 100).toPrecision(6))} %`;

/** What the rule looks at beyond its app: environment and filter, in words. */
export function scopeText(rule: OnlineEvaluation): string {
  const parts = [
    rule.environment ? `environment ${rule.environment}` : 'every environment',
    ...(rule.filter.route ? [`route ${rule.filter.route}`] : []),
    ...(rule.filter.status ? [`status ${rule.filter.status}`] : []),
    ...(rule.filter.model ? [`model ${rule.filter.model}`] : []),
  ];
  return parts.join(' · ');
}
