import { DomainError } from '../shared/domain-error';
import { endpointUrl, redactUrlCredentials } from '../shared/urls';
import { isBuiltinUri } from '../prompts/prompt-template';

/** A base is the running service (SDK app) a variant calls: its URL and route. */
export interface Base {
  id: string;
  projectId: string;
  appId: string;
  name: string;
  url: string;
  routePath: string;
  createdAt: Date;
}

export type Parameters = Record<string, unknown>;

export interface Variant {
  id: string;
  projectId: string;
  appId: string;
  baseId: string;
  name: string;
  configName: string;
  /** Number of the latest revision; revision 1 is the variant as created. */
  revision: number;
  createdAt: Date;
  updatedAt: Date;
  modifiedById: string | null;
}

/** An immutable snapshot of a variant's parameters. */
export interface VariantRevision {
  id: string;
  projectId: string;
  variantId: string;
  revision: number;
  configName: string;
  parameters: Parameters;
  commitMessage: string | null;
  modifiedById: string | null;
  modifiedBy: string | null;
  createdAt: Date;
}

/** The variant with everything a reader of it needs: app, base, and latest revision. */
export interface VariantView {
  variant: Variant;
  appName: string;
  base: Base;
  latest: VariantRevision;
}

export function normalizeRoutePath(routePath: string | undefined | null): string {
  const path = (routePath ?? '/').trim() || '/';
  if (!/^\/[A-Za-z0-9_\-./]*$/.test(path) || path.includes('//')) {
    throw new DomainError('rule_violation', `route_path "${routePath}" is not a valid HTTP path`);
  }
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

export function normalizeServiceUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw DomainError.invalidInput([{ field: ['url'], reason: `"${redactUrlCredentials(url).slice(0, 200)}" is not a valid URL`, rule: 'malformed_url' }]);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw DomainError.invalidInput([{ field: ['url'], reason: 'the URL must use http or https', rule: 'unsupported_url_scheme' }]);
  }
  return parsed.toString().replace(/\/$/, '');
}

/** The playground endpoint of a route, as the SDK exposes it: "/" → /playground/run, "/x" → /playground/run/x. */
export function playgroundEndpoint(base: Pick<Base, 'url' | 'routePath'>): string {
  // A built-in workflow has no HTTP endpoint: its uri is what the invoker dispatches on.
  if (isBuiltinUri(base.url)) return base.url;
  return endpointUrl(base.url, base.routePath === '/' ? '/playground/run' : `/playground/run${base.routePath}`);
}
