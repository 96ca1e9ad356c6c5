import {
  MAX_TRACE_COST_USD, MAX_TRACE_TOKENS, TRACE_ENVIRONMENT_MAX_LENGTH, TRACE_ID_MAX_LENGTH, type OtlpAnyValue, type OtlpKeyValue, type OtlpSpan,
} from '@crucible/contracts';
import type { InputViolation, StoredSpan, TraceWithSpans } from '@crucible/domain';

export type Attributes = Record<string, unknown>;

/** OpenTelemetry's JSON attribute values → plain JSON. */
export function attributeValue(value: OtlpAnyValue | undefined): unknown {
  if (!value) return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(attributeValue);
  if (value.kvlistValue) return attributeMap(value.kvlistValue.values);
  if (value.bytesValue !== undefined) return value.bytesValue;
  return null;
}

export function attributeMap(values: OtlpKeyValue[] | undefined): Attributes {
  const map: Attributes = {};
  for (const { key, value } of values ?? []) map[key] = attributeValue(value);
  return map;
}

/** The JSON mapping writes ids as hex; some exporters send the protobuf bytes base64-encoded. */
export function otlpId(raw: string): string | null {
  if (/^[0-9a-f]+$/i.test(raw) && (raw.length === 32 || raw.length === 16)) return raw.toLowerCase();
  const bytes = Buffer.from(raw, 'base64');
  if (bytes.length !== 16 && bytes.length !== 8) return null;
  return bytes.toString('hex');
}

const first = (attributes: Attributes, keys: string[]): unknown => {
  for (const key of keys) if (attributes[key] !== undefined && attributes[key] !== null) return attributes[key];
  return undefined;
};
/** A usage figure as our traces keep it (within the bounds of trace.contract.ts), or undefined: the attribute is ignored. */
const numberOf = (value: unknown, max: number): number | undefined => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && number >= 0 && number <= max ? number : undefined;
};
const tokensOf = (value: unknown): number | undefined => {
  const count = numberOf(value, MAX_TRACE_TOKENS);
  return count !== undefined && Number.isInteger(count) ? count : undefined;
};
const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** GenAI semantic conventions (and the older and OpenInference names) → model, tokens, cost. */
function usageOf(attributes: Attributes): Pick<StoredSpan, 'model' | 'tokens' | 'cost' | 'costSource'> {
  const model = textOf(first(attributes, ['gen_ai.response.model', 'gen_ai.request.model', 'llm.model_name']));
  const prompt = tokensOf(first(attributes, ['gen_ai.usage.input_tokens', 'gen_ai.usage.prompt_tokens', 'llm.token_count.prompt']));
  const completion = tokensOf(first(attributes, ['gen_ai.usage.output_tokens', 'gen_ai.usage.completion_tokens', 'llm.token_count.completion']));
  const total = tokensOf(first(attributes, ['gen_ai.usage.total_tokens', 'llm.token_count.total']));
  const hasTokens = prompt !== undefined || completion !== undefined || total !== undefined;
  const tokens = hasTokens
    ? { prompt: prompt ?? 0, completion: completion ?? 0, total: total ?? (prompt ?? 0) + (completion ?? 0) }
    : null;
  const cost = numberOf(first(attributes, ['gen_ai.usage.cost', 'llm.usage.cost', 'crucible.cost']), MAX_TRACE_COST_USD) ?? null;
  return { model, tokens, cost, costSource: cost === null ? null : 'reported' };
}

function kindOf(attributes: Attributes, isRoot: boolean): string {
  const operation = textOf(attributes['gen_ai.operation.name']);
  if (operation === 'embeddings') return 'embedding';
  if (operation === 'execute_tool') return 'tool';
  if (operation) return 'llm';
  return isRoot ? 'workflow' : 'task';
}

const ERROR_STATUS = new Set<unknown>([2, '2', 'STATUS_CODE_ERROR']);
const nanosToDate = (nanos: string | number): Date => new Date(Number(BigInt(nanos) / 1_000_000n));
const nanosBetween = (start: string | number, end: string | number): number => Number(BigInt(end) - BigInt(start)) / 1e6;

export function spanFrom(span: OtlpSpan, resource: Attributes, field: Array<string | number>, violations: InputViolation[]): StoredSpan | null {
  const traceId = otlpId(span.traceId);
  const spanId = otlpId(span.spanId);
  const parentSpanId = span.parentSpanId ? otlpId(span.parentSpanId) : null;
  if (!traceId || !spanId || (span.parentSpanId && !parentSpanId)) {
    violations.push({ field, reason: 'traceId, spanId and parentSpanId must be hex (or base64) OpenTelemetry ids', rule: 'invalid_value' });
    return null;
  }
  const latencyMs = nanosBetween(span.startTimeUnixNano, span.endTimeUnixNano);
  if (latencyMs < 0) {
    violations.push({ field, reason: 'endTimeUnixNano is before startTimeUnixNano', rule: 'invalid_value' });
    return null;
  }
  const attributes = attributeMap(span.attributes);
  const tooLong = placeTooLong(placeOf({ ...resource, ...attributes }));
  if (tooLong) {
    violations.push({ field, reason: tooLong, rule: 'text_too_long' });
    return null;
  }
  const failed = ERROR_STATUS.has(span.status?.code);
  const merged = { ...resource, ...attributes };
  return {
    traceId,
    spanId,
    parentSpanId,
    name: span.name,
    kind: kindOf(attributes, !parentSpanId),
    status: failed ? 'error' : 'ok',
    startTime: nanosToDate(span.startTimeUnixNano),
    endTime: nanosToDate(span.endTimeUnixNano),
    latencyMs,
    inputs: first(merged, ['input.value', 'gen_ai.prompt', 'crucible.inputs']) ?? null,
    outputs: first(merged, ['output.value', 'gen_ai.completion', 'crucible.output']) ?? null,
    error: failed ? { message: span.status?.message || 'the span ended with an error status' } : null,
    ...usageOf(attributes),
    attributes,
  };
}

/** Where the trace ran, from Crucible's own attributes (on a span or the resource) or OpenTelemetry's. */
export function placeOf(
  attributes: Attributes,
): Pick<TraceWithSpans['trace'], 'appId' | 'variantId' | 'variantRevisionId' | 'environment' | 'route' | 'sessionId' | 'userId'> {
  return {
    appId: textOf(attributes['crucible.app_id']),
    variantId: textOf(attributes['crucible.variant_id']),
    variantRevisionId: textOf(attributes['crucible.variant_revision_id']),
    environment: textOf(first(attributes, ['crucible.environment', 'deployment.environment.name', 'deployment.environment'])),
    route: textOf(first(attributes, ['crucible.route', 'http.route'])),
    sessionId: textOf(first(attributes, ['session.id', 'crucible.session_id'])),
    userId: textOf(first(attributes, ['user.id', 'enduser.id', 'crucible.user_id'])),
  };
}

/** Where a trace ran is indexed: a value past these (PostgreSQL refuses index rows over ~2.7 KB) refuses its span. */
const PLACE_LIMITS = {
  appId: ['crucible.app_id', TRACE_ID_MAX_LENGTH],
  variantId: ['crucible.variant_id', TRACE_ID_MAX_LENGTH],
  variantRevisionId: ['crucible.variant_revision_id', TRACE_ID_MAX_LENGTH],
  environment: ['crucible.environment', TRACE_ENVIRONMENT_MAX_LENGTH],
  route: ['crucible.route', 2000],
  sessionId: ['session.id', TRACE_ID_MAX_LENGTH],
  userId: ['user.id', TRACE_ID_MAX_LENGTH],
} as const;

function placeTooLong(place: ReturnType<typeof placeOf>): string | undefined {
  for (const [key, [attribute, max]] of Object.entries(PLACE_LIMITS)) {
    const value = place[key as keyof typeof PLACE_LIMITS];
    if (value && value.length > max) return `${attribute} (or its OpenTelemetry equivalent) is ${value.length} characters; at most ${max}`;
  }
  return undefined;
}
