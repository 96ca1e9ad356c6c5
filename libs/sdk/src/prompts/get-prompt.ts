import { sdkState } from '../init/sdk-state';
import { type ConfigReference, RegistryError } from '../config/registry-client';
import { type PromptMessage, type PromptParameters, compileMessages, isPromptParameters } from './prompt-template';

export interface GetPromptOptions {
  /** The app's name or id. */
  app: string;
  /** Default "production". */
  environment?: string;
  /** How long a fetched prompt is fresh (default 60); after that it is served as is while one background fetch renews it. */
  cacheTtlSeconds?: number;
  /** Served (revision null) when the first fetch fails: the api unreachable, or nothing deployed. */
  fallback?: PromptParameters;
}

export interface Prompt {
  parameters: PromptParameters;
  /** The deployed variant revision; null for the fallback. */
  revision: number | null;
  environment: string;
  /** The messages for these inputs (missing variable: PromptCompileError naming it). */
  compile(inputs?: Record<string, unknown>): PromptMessage[];
}

interface Entry {
  /** Settled once the first fetch (or the fallback) answered: warm calls hand this same promise back. */
  answer: Promise<Prompt>;
  refreshAt: number;
  refreshing: boolean;
}

/** After a failed fetch, the next try waits at least this long (or the TTL, if shorter): an api that is down is not hammered. */
const RETRY_AFTER_MS = 5_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let entries = new Map<string, Entry>();
let cachedFor: unknown;
let networkFetches = 0;

/**
 * A deployed prompt, kept in memory (ARCHITECTURE §16): the first call waits for the api; later ones answer from
 * memory at once and, when the entry is stale, start one background fetch. While the api is unreachable the last
 * prompt (or the fallback) keeps being served.
 */
export function getPrompt(options: GetPromptOptions): Promise<Prompt> {
  const state = sdkState();
  // init() replaces the SDK's state: what was cached for the old host and key is dropped with it.
  if (cachedFor !== state) {
    entries = new Map();
    cachedFor = state;
  }
  const environment = options.environment ?? 'production';
  const key = `${options.app}\u0000${environment}`;
  const entry = entries.get(key);
  if (entry) {
    if (!entry.refreshing && Date.now() >= entry.refreshAt) refresh(entry, options, environment);
    return entry.answer;
  }
  const created: Entry = { answer: firstFetch(options, environment), refreshAt: Number.POSITIVE_INFINITY, refreshing: true };
  entries.set(key, created);
  created.answer.then(
    (prompt) => settle(created, options, prompt.revision === null),
    () => entries.delete(key),
  );
  return created.answer;
}

/** Fetches made to the api so far (a bench counts those within the TTL). */
export function promptFetchCount(): number {
  return networkFetches;
}

async function firstFetch(options: GetPromptOptions, environment: string): Promise<Prompt> {
  try {
    return await fetchPrompt(options, environment);
  } catch (error) {
    if (!options.fallback) throw error;
    sdkState().logger.warn(`getPrompt: serving the fallback for app "${options.app}" (${environment}): ${(error as Error).message}`);
    return promptOf(options.fallback, null, environment);
  }
}

function refresh(entry: Entry, options: GetPromptOptions, environment: string): void {
  entry.refreshing = true;
  fetchPrompt(options, environment).then(
    (prompt) => {
      entry.answer = Promise.resolve(prompt);
      settle(entry, options, false);
    },
    (error: unknown) => {
      sdkState().logger.warn(`getPrompt: kept the last prompt of app "${options.app}" (${environment}): ${(error as Error).message}`);
      settle(entry, options, true);
    },
  );
}

function settle(entry: Entry, options: GetPromptOptions, failed: boolean): void {
  const ttlMs = (options.cacheTtlSeconds ?? 60) * 1000;
  entry.refreshAt = Date.now() + (failed ? Math.min(ttlMs, RETRY_AFTER_MS) : ttlMs);
  entry.refreshing = false;
}

async function fetchPrompt(options: GetPromptOptions, environment: string): Promise<Prompt> {
  const reference: ConfigReference = UUID.test(options.app)
    ? { kind: 'environment', appId: options.app, environment }
    : { kind: 'environment', appName: options.app, environment };
  networkFetches++;
  const config = await sdkState().registry.fetchConfig(reference);
  if (!isPromptParameters(config.parameters)) {
    throw new RegistryError('invalid', 422, 'not a prompt', `app "${options.app}" (${environment}) is deployed with parameters that hold no prompt.messages`);
  }
  return promptOf(config.parameters, config.revision, environment);
}

function promptOf(parameters: PromptParameters, revision: number | null, environment: string): Prompt {
  return { parameters, revision, environment, compile: (inputs) => compileMessages(parameters, inputs) };
}
