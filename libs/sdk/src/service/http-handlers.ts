import type { NextFunction, Request, Response } from 'express';
import { resolveConfig } from '../config/config-resolver';
import { RegistryError } from '../config/registry-client';
import { sdkState } from '../init/sdk-state';
import { validateConfig } from '../schema/config-validator';
import { TracedOutcome } from '../tracing/tracer';
import { exportTrace } from '../tracing/export-trace';
import { type TraceIdentity, identityFromHeaders } from '../context/trace-identity';
import { parseDeployedBody, parsePlaygroundBody } from './request-parsing';
import { executeRoute, RouteDefinition } from './route-definition';

type Mode = 'playground' | 'deployed';

/** The trace's `session_id` and `user_id`: what the request's headers named, or the workflow set. */
const identityFields = (identity: TraceIdentity) => ({ session_id: identity.sessionId ?? null, user_id: identity.userId ?? null });

export async function handleRouteCall(route: RouteDefinition, mode: Mode, req: Request, res: Response): Promise<void> {
  const identity = identityFromHeaders((name) => req.get(name));
  if (mode === 'playground') {
    const parsed = parsePlaygroundBody(req.body, route);
    if (!parsed.ok) return void res.status(422).json({ detail: parsed.errors });
    const config = validateConfig(route.schemaDescription, parsed.value.config, { loc: ['body', 'config'] });
    if (!config.ok) return void res.status(422).json({ detail: config.errors });
    const outcome = await executeRoute(route, parsed.value.inputs, config.value, {}, identity);
    exportTrace(outcome.trace, { route: route.path, ...identityFields(identity) });
    return send(res, outcome, true);
  }

  const parsed = parseDeployedBody(req.body, route, sdkState().references.appId);
  if (!parsed.ok) return void res.status(422).json({ detail: parsed.errors });
  const { inputs, reference } = parsed.value;
  let resolved;
  try {
    resolved = await resolveConfig(reference);
  } catch (error) {
    if (error instanceof RegistryError) return void res.status(error.status).json({ detail: error.detail });
    throw error;
  }
  // Stored parameters may hold keys an older schema had: ignore them, but never run with a bad value.
  const config = validateConfig(route.schemaDescription, resolved.parameters, { loc: ['registry', 'parameters'], extra: 'ignore' });
  if (!config.ok) return void res.status(422).json({ detail: config.errors });
  const outcome = await executeRoute(route, inputs, config.value, {
    application: { id: resolved.app_id },
    variant: { id: resolved.variant_id, name: resolved.variant_name, revision: resolved.revision, revision_id: resolved.variant_revision_id },
    environment: resolved.environment ? { name: resolved.environment } : undefined,
  }, identity);
  exportTrace(outcome.trace, {
    route: route.path, app_id: resolved.app_id, variant_id: resolved.variant_id,
    variant_revision_id: resolved.variant_revision_id, environment: resolved.environment ?? null, ...identityFields(identity),
  });
  send(res, outcome, sdkState().exposeErrors);
}

/** A stack trace tells how the service is built: only the playground route, or `init({ exposeErrors: true })`, shows it. */
function send(res: Response, outcome: TracedOutcome<unknown>, withStack: boolean): void {
  if (outcome.ok) {
    writeJson(res, 200, { data: outcome.value ?? null, trace: outcome.trace });
    return;
  }
  const error = outcome.error;
  const stacktrace = withStack && error instanceof Error ? error.stack : undefined;
  const detail = { message: error instanceof Error ? error.message : String(error), ...(stacktrace ? { stacktrace } : {}) };
  writeJson(res, 500, { detail });
}

/**
 * Every workflow answer goes out here, so it skips what express's `res.json` does for any response (parsing and
 * rewriting the content type, freshness checks for caches): on a small answer that was a tenth of the call.
 */
function writeJson(res: Response, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Body-parser failures become pydantic-style answers instead of express's HTML error pages. */
export function bodyErrorHandler(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const type = (error as { type?: unknown } | undefined)?.type;
  if (type === 'entity.parse.failed') {
    res.status(422).json({ detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] });
    return;
  }
  if (type === 'entity.too.large') {
    res.status(413).json({ detail: 'Request body too large' });
    return;
  }
  next(error);
}

/** Last resort: a bug in the SDK itself answers 500 with the same shape as a workflow error. */
export function unexpectedErrorHandler(error: unknown, _req: Request, res: Response, _next: NextFunction): void {
  const message = error instanceof Error ? error.message : String(error);
  const stacktrace = sdkState().exposeErrors && error instanceof Error ? error.stack : undefined;
  res.status(500).json({ detail: { message, ...(stacktrace ? { stacktrace } : {}) } });
}
