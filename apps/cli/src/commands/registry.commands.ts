import type { Command } from 'commander';
import { apiOf, examples, print } from '../support/command-context';
import { CliError } from '../support/cli-error';
import { resolveApp } from '../support/resolve';
import { renderTable } from '../output/table';

export function registerRegistryCommands(program: Command): void {
  const apps = program.command('apps').description('applications');
  apps.command('ls')
    .description('list the apps of the project')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const api = apiOf(command);
      const list = await api.callAll((query) => api.client.GET('/apps', { params: { query } }), 'listing apps');
      print(Boolean(options.json), list, () =>
        (list.length ? renderTable(['app', 'id'], list.map((app) => [app.app_name, app.app_id])) : 'no apps yet: create one in the console or with POST /apps'));
    });

  const variants = program.command('variants').description('variants of an app');
  variants.command('ls')
    .description("list an app's variants with their latest revision")
    .requiredOption('--app <name|id>', 'the app')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('crucible variants ls --app support-bot'))
    .action(async (options: { app: string; json?: boolean }, command: Command) => {
      const api = apiOf(command);
      const app = await resolveApp(api, options.app);
      const list = await api.callAll((query) => api.client.GET('/apps/{app_id}/variants', { params: { path: { app_id: app.app_id }, query } }), 'listing variants');
      print(Boolean(options.json), list, () => (list.length
        ? renderTable(['variant', 'latest revision', 'service', 'id'], list.map((v) => [v.variant_name, v.revision, v.uri ?? '—', v.variant_id]))
        : `app "${app.app_name}" has no variants yet`));
    });

  const revisions = program.command('revisions').description('revisions of a variant');
  revisions.command('ls')
    .description("list a variant's revisions, oldest first")
    .requiredOption('--variant <name|id>', 'the variant (a name needs --app)')
    .option('--app <name|id>', 'the app, when the variant is given by name')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('crucible revisions ls --app support-bot --variant main', 'crucible revisions ls --variant 0b6f…'))
    .action(async (options: { variant: string; app?: string; json?: boolean }, command: Command) => {
      const api = apiOf(command);
      let variantId = options.variant;
      if (options.app) {
        const app = await resolveApp(api, options.app);
        const list = await api.callAll((query) => api.client.GET('/apps/{app_id}/variants', { params: { path: { app_id: app.app_id }, query } }), 'listing variants');
        const variant = list.find((v) => v.variant_name === options.variant || v.variant_id === options.variant);
        if (!variant) throw new CliError(`no variant "${options.variant}" in app "${app.app_name}"`);
        variantId = variant.variant_id;
      }
      const list = await api.callAll((query) => api.client.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variantId }, query } }), 'listing revisions');
      print(Boolean(options.json), list, () => renderTable(['revision', 'commit message', 'by', 'at', 'id'],
        list.map((r) => [r.revision, r.commit_message ?? '', r.modified_by ?? '', r.created_at, r.id])));
    });
}
