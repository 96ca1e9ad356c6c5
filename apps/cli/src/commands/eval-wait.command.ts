import type { Command } from 'commander';
import { apiOf, examples } from '../support/command-context';
import { CliError } from '../support/cli-error';
import { type Evaluated, type WaitAndGateOptions, labelOf, readEvaluationThroughOutages, resumeCommand, waitAndGate } from '../support/evaluation-report';
import { addWaitOptions } from './wait-options';

interface WaitCommandOptions extends WaitAndGateOptions {
  baseline?: string;
}

export function registerEvalWaitCommand(evaluations: Command): void {
  addWaitOptions(evaluations.command('wait')
    .description('wait for evaluations started earlier (an interrupted `eval run --wait`), then show and gate on them as `eval run --wait` does')
    .argument('<ids...>', 'the evaluation ids (`eval run` prints them first)')
    .option('--baseline <evaluation-id>', 'compare against this evaluation (waited for too, and listed as the baseline)'))
    .addHelpText('after', examples(
      'crucible eval wait 3f1c… --min exact=0.9 --junit report.xml',
      'crucible eval wait 9a2e… --baseline 3f1c… --fail-on-regression',
    ))
    .action(async (ids: string[], options: WaitCommandOptions, command: Command) => {
      if (options.failOnRegression && !options.baseline) throw new CliError('--fail-on-regression needs --baseline <evaluation id>');
      const api = apiOf(command);
      const resume = resumeCommand(ids, options.baseline, options);
      const read = async (id: string): Promise<Evaluated> => {
        const evaluation = await readEvaluationThroughOutages(api, id, options, resume);
        return { evaluation, label: labelOf(evaluation) };
      };
      const baseline = options.baseline ? await read(options.baseline) : undefined;
      const candidates = await Promise.all(ids.map(read));
      process.exitCode = await waitAndGate(api, { baseline, candidates }, options);
    });
}
