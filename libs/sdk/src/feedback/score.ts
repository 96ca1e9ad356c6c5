import { sdkState } from '../init/sdk-state';
import { flushTraces } from '../tracing/export-trace';

/** A score for a trace (or one of its spans), sent to the api's `POST /scores` with `source: sdk` (ARCHITECTURE §18). */
export interface ScoreOptions {
  /** The trace scored: `currentTraceId()` inside the route that made it, handed to wherever the judgement comes from. */
  traceId: string;
  /** The score's name; when the project has a score config of that name, the value is checked against it. */
  name: string;
  /** A number; for a boolean config true/false (or 1/0); for a categorical one the category's value. */
  value?: number | boolean;
  /** Text (text configs), or a category's label. */
  stringValue?: string;
  comment?: string;
  /** A span of the trace rather than the whole call. */
  spanId?: string;
  /** Your own id for the score: sending it again answers the first score, so a retry never scores twice. */
  id?: string;
  /** The config to check against, when the name alone should not choose it. */
  configId?: string;
}

/** A score as the api stored it. */
export interface StoredScore {
  id: string;
  trace_id: string;
  span_id: string | null;
  name: string;
  data_type: 'numeric' | 'categorical' | 'boolean' | 'text';
  value: number | null;
  string_value: string | null;
  comment: string | null;
  config_id: string | null;
  source: string;
  author: string | null;
  created_at: string;
}

/** The api refused the score: `status` 404 (no such trace in the project), 409 (archived config), 422 (`detail` names the value). */
export class ScoreError extends Error {
  constructor(readonly status: number, readonly detail: unknown) {
    super(`the Crucible api refused the score (${status}): ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
    this.name = 'ScoreError';
  }
}

/**
 * Scores a trace. Traces still waiting in this process's exporter are sent first, so a trace this process made
 * a moment ago is stored before its score arrives. Needs `init({ host, apiKey })` (or CRUCIBLE_HOST / CRUCIBLE_API_KEY).
 */
export async function score(options: ScoreOptions): Promise<StoredScore> {
  const state = sdkState();
  if (!state.apiKey) throw new Error('score() needs an API key: init({ apiKey }) or CRUCIBLE_API_KEY');
  await flushTraces();
  const body = {
    trace_id: options.traceId, name: options.name, value: options.value, string_value: options.stringValue, comment: options.comment,
    span_id: options.spanId, id: options.id, config_id: options.configId, source: 'sdk',
  };
  const response = await fetch(`${state.host}/scores`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `ApiKey ${state.apiKey}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const detail = typeof answer === 'object' && answer !== null && 'detail' in answer ? (answer as { detail: unknown }).detail : answer;
    throw new ScoreError(response.status, detail);
  }
  return answer as StoredScore;
}
