import type { Command } from 'commander';
import { CliError } from '../support/cli-error';
import { parseMinimumGate } from '../support/gates';

export const collect = <T>(parse: (value: string) => T) => (value: string, previous: T[] = []) => [...previous, parse(value)];
export const wholeNumber = (name: string) => (value: string) => {
  if (!/^\d+$/.test(value)) throw new CliError(`${name} takes a whole number, not "${value}"`);
  return Number(value);
};

/** The default of --wait-retry-seconds (ARCHITECTURE §19): an api restart or a short deploy fits in it. */
export const WAIT_RETRY_SECONDS = 120;

/** The options `eval run --wait` and `eval wait` share: how long to wait, what to print and the gates. */
export function addWaitOptions(command: Command): Command {
  return command
    .option('--timeout <seconds>', 'how long to wait', wholeNumber('--timeout'), 3600)
    .option('--wait-retry-seconds <seconds>', 'how long to keep polling while the api is unreachable or answers 429/502/503/504',
      wholeNumber('--wait-retry-seconds'), WAIT_RETRY_SECONDS)
    .option('--json', 'print the results as JSON')
    .option('--junit <file>', 'write a JUnit report: one test case per row and evaluator')
    .option('--min <evaluator=value>', "fail (exit 1) when an evaluator's mean is below value (repeatable)", collect(parseMinimumGate), [])
    .option('--fail-on-regression', 'fail (exit 1) when the comparison with --baseline says worse on any evaluator')
    .option('--allow-different-versions', 'compare with a --baseline run on another version of the test set, on the rows both share');
}
