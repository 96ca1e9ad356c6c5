import { CliError } from './cli-error';
import type { Evaluation } from '@crucible/client';

export interface MinimumGate {
  evaluator: string;
  min: number;
}

/** `--min exact=0.9`: an evaluator config name (or key) and the lowest mean that passes. */
export function parseMinimumGate(text: string): MinimumGate {
  const match = /^([^=]+)=(-?\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!match) throw new CliError(`--min takes evaluator=number (e.g. --min exact=0.9), not "${text}"`);
  return { evaluator: match[1]!.trim(), min: Number(match[2]) };
}

const aggregateOf = (evaluation: Evaluation, evaluator: string) => evaluation.aggregated_results.find((aggregate) =>
  aggregate.evaluator_config.name === evaluator || aggregate.evaluator_config.evaluator_key === evaluator);

/** Why each gate fails for this evaluation (empty: every gate passes). */
export function failedMinimums(evaluation: Evaluation, label: string, gates: MinimumGate[]): string[] {
  return gates.flatMap((gate) => {
    const aggregate = aggregateOf(evaluation, gate.evaluator);
    if (!aggregate) return [`${label} has no result for evaluator "${gate.evaluator}"`];
    const value = aggregate.result.value;
    if (typeof value !== 'number') {
      return [`${label}: ${gate.evaluator} has no mean (${aggregate.result.error?.message ?? aggregate.result.type})`];
    }
    return value < gate.min ? [`${label}: ${gate.evaluator} mean ${value.toFixed(3)} < ${gate.min}`] : [];
  });
}
