import type { Command } from 'commander';
import { type Api } from '../support/api';
import { apiOf, examples, print } from '../support/command-context';
import { CliError } from '../support/cli-error';
import { resolveApp, resolveRevision } from '../support/resolve';
import { renderTable } from '../output/table';
import type { EnvironmentRevision } from '@crucible/client';

const history = (api: Api, appId: string, environment: string) => api.call(
  api.client.GET('/apps/{app_id}/revisions/{environment_name}', { params: { path: { app_id: appId, environment_name: environment } } }),
  `reading environment "${environment}"`,
);

const describeRevision = (revision: EnvironmentRevision) =>
  `${revision.deployed_variant_name ?? '?'}@${revision.deployed_variant_revision ?? '?'}`;

export function registerDeployCommands(program: Command): void {
  program.command('deploy')
    .description('deploy a variant revision to an environment')
    .requiredOption('--app <name|id>', 'the app')
    .requiredOption('--variant <name[@revision]>', 'the variant, at its latest revision unless @N is given')
    .requiredOption('--env <environment>', 'development, staging or production')
    .option('-m, --message <text>', 'commit message of the deployment')
    .addHelpText('after', examples('crucible deploy --app support-bot --variant main@3 --env production -m "ship the shorter prompt"'))
    .action(async (options: { app: string; variant: string; env: string; message?: string }, command: Command) => {
      const api = apiOf(command);
      const app = await resolveApp(api, options.app);
      const revision = await resolveRevision(api, app.app_id, options.variant);
      const deployed = await api.call(api.client.POST('/environments/deploy', {
        body: {
          app_id: app.app_id, environment_name: options.env, variant_id: revision.variantId, revision: revision.revision,
          ...(options.message ? { commit_message: options.message } : {}),
        },
      }), `deploying to ${options.env}`);
      process.stdout.write(`deployed ${revision.label} to ${options.env} (environment revision ${deployed.revision})\n`);
    });

  const envs = program.command('envs').description('environments of an app');
  envs.command('ls')
    .description('what each environment of an app runs')
    .requiredOption('--app <name|id>', 'the app')
    .option('--json', 'print JSON')
    .action(async (options: { app: string; json?: boolean }, command: Command) => {
      const api = apiOf(command);
      const app = await resolveApp(api, options.app);
      const list = await api.callAll((query) => api.client.GET('/apps/{app_id}/environments', { params: { path: { app_id: app.app_id }, query } }), 'listing environments');
      const histories = await Promise.all(list.map((environment) => history(api, app.app_id, environment.name)));
      print(Boolean(options.json), histories, () => renderTable(['environment', 'deployed', 'environment revision', 'deployments'], histories.map((environment) => {
        const current = environment.revisions.find((r) => r.revision === environment.revision);
        return [environment.name, current ? describeRevision(current) : 'nothing deployed', environment.revision ?? '—', environment.revisions.length];
      })));
    });

  program.command('revert')
    .description('deploy an earlier deployment of an environment again (a new history entry); default: the one before the current')
    .requiredOption('--app <name|id>', 'the app')
    .requiredOption('--env <environment>', 'the environment')
    .option('--to <revision>', 'the environment revision to go back to', (value) => {
      if (!/^\d+$/.test(value)) throw new CliError(`--to takes an environment revision number, not "${value}"`);
      return Number(value);
    })
    .addHelpText('after', examples('crucible revert --app support-bot --env production', 'crucible revert --app support-bot --env production --to 2'))
    .action(async (options: { app: string; env: string; to?: number }, command: Command) => {
      const api = apiOf(command);
      const app = await resolveApp(api, options.app);
      const { revisions } = await history(api, app.app_id, options.env);
      const target = options.to !== undefined ? revisions.find((r) => r.revision === options.to) : revisions[revisions.length - 2];
      if (!target) {
        throw new CliError(options.to !== undefined
          ? `environment "${options.env}" has no revision ${options.to} (it has ${revisions.map((r) => r.revision).join(', ') || 'none'})`
          : `environment "${options.env}" has no earlier deployment to revert to`);
      }
      const reverted = await api.call(api.client.POST('/environments/revisions/{environment_revision_id}/revert', {
        params: { path: { environment_revision_id: target.id } }, body: {},
      }), `reverting ${options.env}`);
      process.stdout.write(`reverted ${options.env} to ${describeRevision(target)} (environment revision ${target.revision}; new entry ${reverted.revision})\n`);
    });
}
