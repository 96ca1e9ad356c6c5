import { existsSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { Api } from './api';
import { CliError } from './cli-error';
import { readRows } from './testset-files';
import type { App, EvaluatorDescriptor, EvaluatorConfig } from '@crucible/client';

const names = (items: string[]) => (items.length ? items.join(', ') : 'none');

/** An app by name or id. */
export async function resolveApp(api: Api, ref: string): Promise<App> {
  const apps = await api.callAll((query) => api.client.GET('/apps', { params: { query } }), 'listing apps');
  const app = apps.find((candidate) => candidate.app_id === ref || candidate.app_name === ref);
  if (!app) throw new CliError(`no app "${ref}" (apps: ${names(apps.map((a) => a.app_name))})`);
  return app;
}

export interface ResolvedRevision {
  variantId: string;
  variantName: string;
  revisionId: string;
  revision: number;
  /** `name@revision`, as people write it. */
  label: string;
}

/** `variant[@revision]` (name or id; the latest revision when none is given). */
export async function resolveRevision(api: Api, appId: string, spec: string): Promise<ResolvedRevision> {
  const match = /^(.+?)(?:@(\d+))?$/.exec(spec.trim());
  if (!match) throw new CliError(`"${spec}" is not variant[@revision]`);
  const [, variantRef, revisionText] = match;
  const variants = await api.callAll((query) => api.client.GET('/apps/{app_id}/variants', { params: { path: { app_id: appId }, query } }), 'listing variants');
  const variant = variants.find((candidate) => candidate.variant_name === variantRef || candidate.variant_id === variantRef);
  if (!variant) throw new CliError(`no variant "${variantRef}" in this app (variants: ${names(variants.map((v) => v.variant_name))})`);
  const revisions = await api.callAll(
    (query) => api.client.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variant.variant_id }, query } }), 'listing revisions',
  );
  const wanted = revisionText ? Number(revisionText) : Math.max(...revisions.map((r) => r.revision));
  const revision = revisions.find((candidate) => candidate.revision === wanted);
  if (!revision) throw new CliError(`variant "${variant.variant_name}" has no revision ${wanted} (it has 1–${revisions.length})`);
  return {
    variantId: variant.variant_id, variantName: variant.variant_name, revisionId: revision.id, revision: revision.revision,
    label: `${variant.variant_name}@${revision.revision}`,
  };
}

/** Creates the test set, or replaces the rows of the one with that name; answers its id. */
export async function pushTestset(api: Api, file: string, name: string, appId?: string): Promise<{ id: string; created: boolean; rows: number }> {
  const rows = readRows(file);
  // Names are unique in the project, attached to an app or not.
  const existing = (await api.callAll((query) => api.client.GET('/testsets', { params: { query } }), 'listing test sets')).find((testset) => testset.name === name);
  if (existing) {
    await api.call(api.client.PUT('/testsets/{testset_id}', { params: { path: { testset_id: existing.id } }, body: { name, csvdata: rows } }), `replacing test set "${name}"`);
    return { id: existing.id, created: false, rows: rows.length };
  }
  const created = await api.call(api.client.POST('/testsets', { body: { name, csvdata: rows, ...(appId ? { app_id: appId } : {}) } }), `creating test set "${name}"`);
  return { id: created.id, created: true, rows: rows.length };
}

const isDataFile = (ref: string) => ['.csv', '.json'].includes(extname(ref).toLowerCase()) && existsSync(ref);

/** A test set by name or id, or a CSV/JSON file pushed first under its file name. */
export async function resolveTestset(api: Api, appId: string, ref: string): Promise<{ id: string; name: string }> {
  if (isDataFile(ref)) {
    const name = basename(ref, extname(ref));
    return { id: (await pushTestset(api, ref, name, appId)).id, name };
  }
  const testsets = await api.callAll((query) => api.client.GET('/testsets', { params: { query } }), 'listing test sets');
  const testset = testsets.find((candidate) => candidate.id === ref || candidate.name === ref);
  if (!testset) throw new CliError(`no test set "${ref}" and no such CSV/JSON file (test sets: ${names(testsets.map((t) => t.name))})`);
  return { id: testset.id, name: testset.name };
}

/** Evaluator configs of the app by name or id; a catalog key with no such config gets one with default settings. */
export async function resolveEvaluators(api: Api, appId: string, refs: string[]): Promise<EvaluatorConfig[]> {
  const configs = await api.callAll((query) => api.client.GET('/evaluators/configs', { params: { query: { app_id: appId, ...query } } }), 'listing evaluator configs');
  let catalog: EvaluatorDescriptor[] | undefined;
  const resolved: EvaluatorConfig[] = [];
  for (const ref of refs) {
    const config = configs.find((candidate) => candidate.name === ref || candidate.id === ref);
    if (config) {
      resolved.push(config);
      continue;
    }
    catalog ??= await api.callAll((query) => api.client.GET('/evaluators', { params: { query } }), 'reading the evaluator catalog');
    if (!catalog.some((evaluator) => evaluator.key === ref)) {
      throw new CliError(`no evaluator config "${ref}" in this app and no evaluator with that key (configs: ${names(configs.map((c) => c.name))})`);
    }
    resolved.push(await api.call(
      api.client.POST('/evaluators/configs', { body: { app_id: appId, name: ref, evaluator_key: ref, settings_values: {} } }),
      `configuring evaluator ${ref}`,
    ));
  }
  return resolved;
}
