import { type OtlpExportEnvelope, otlpResourceSchema, otlpSpanSchema } from '@crucible/contracts';
import { type InputViolation, type StoredSpan, type TraceWithSpans, summarizeSpans } from '@crucible/domain';
import { type Attributes, attributeMap, placeOf, spanFrom } from './otlp-spans';
import { checkedInput } from './checked-input';

/** Session and user are usually set on spans (OpenTelemetry's `session.id`, `user.id`, `enduser.id`), not on the resource. */
const SPAN_PLACE_KEYS = new Set(['session.id', 'user.id', 'enduser.id']);
const isPlaceKey = (key: string): boolean => key.startsWith('crucible.') || SPAN_PLACE_KEYS.has(key);

export interface OtlpTraces {
  items: TraceWithSpans[];
  /** What is wrong with each refused span (or resource), located from the request's root. */
  violations: InputViolation[];
  rejectedSpans: number;
}

/**
 * An OTLP export request → traces grouped by id, with totals summed from their spans. Each span is checked on its
 * own (and each resource, for its spans): a bad one is refused and counted, the others are kept.
 */
export function tracesFromOtlp(projectId: string, request: OtlpExportEnvelope): OtlpTraces {
  const violations: InputViolation[] = [];
  let rejectedSpans = 0;
  const byTrace = new Map<string, { spans: StoredSpan[]; place: Attributes }>();
  request.resourceSpans.forEach((resourceSpans, r) => {
    const scopes = resourceSpans.scopeSpans ?? [];
    const checkedResource = checkedInput(otlpResourceSchema, resourceSpans.resource, ['resourceSpans', r, 'resource']);
    if (!checkedResource.ok) {
      violations.push(...checkedResource.violations);
      rejectedSpans += scopes.reduce((sum, scope) => sum + (scope.spans?.length ?? 0), 0);
      return;
    }
    const resource = attributeMap(checkedResource.value?.attributes);
    scopes.forEach((scopeSpans, s) => {
      (scopeSpans.spans ?? []).forEach((raw, i) => {
        const field = ['resourceSpans', r, 'scopeSpans', s, 'spans', i];
        const checked = checkedInput(otlpSpanSchema, raw, field);
        const span = checked.ok ? spanFrom(checked.value, resource, field, violations) : null;
        if (!checked.ok) violations.push(...checked.violations);
        if (!span) {
          rejectedSpans += 1;
          return;
        }
        const entry = byTrace.get(span.traceId) ?? { spans: [], place: { ...resource } };
        entry.spans.push(span);
        for (const [key, value] of Object.entries(span.attributes ?? {})) if (isPlaceKey(key)) entry.place[key] = value;
        byTrace.set(span.traceId, entry);
      });
    });
  });
  const items = [...byTrace.entries()].map(([traceId, { spans, place }]): TraceWithSpans => ({
    trace: {
      traceId,
      projectId,
      source: 'otlp',
      ...placeOf(place),
      ...summarizeSpans(spans),
      spanCount: spans.length,
    },
    spans,
  }));
  return { items, violations, rejectedSpans };
}
