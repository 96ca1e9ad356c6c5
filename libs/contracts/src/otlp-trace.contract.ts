import { z } from 'zod';

/**
 * OTLP/HTTP JSON (`ExportTraceServiceRequest`, opentelemetry-proto), the parts Crucible reads. Ids are hex
 * (the JSON mapping) or base64 (some exporters); 64-bit integers may arrive as strings or numbers.
 */
export interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: OtlpAnyValue[] };
  kvlistValue?: { values?: OtlpKeyValue[] };
  bytesValue?: string;
}
export interface OtlpKeyValue {
  key: string;
  value?: OtlpAnyValue;
}

const int64 = z.union([z.string().regex(/^\d{1,20}$/, 'a non-negative integer'), z.number().int().nonnegative()]);

export const otlpAnyValueSchema: z.ZodType<OtlpAnyValue> = z.lazy(() =>
  z.object({
    stringValue: z.string().optional(),
    boolValue: z.boolean().optional(),
    intValue: z.union([z.string(), z.number()]).optional(),
    doubleValue: z.number().optional(),
    arrayValue: z.object({ values: z.array(otlpAnyValueSchema).optional() }).optional(),
    kvlistValue: z.object({ values: z.array(otlpKeyValueSchema).optional() }).optional(),
    bytesValue: z.string().optional(),
  }),
);
export const otlpKeyValueSchema: z.ZodType<OtlpKeyValue> = z.lazy(() =>
  z.object({ key: z.string(), value: otlpAnyValueSchema.optional() }),
);

export const otlpSpanSchema = z.object({
  traceId: z.string().min(1).max(64),
  spanId: z.string().min(1).max(32),
  parentSpanId: z.string().max(32).optional(),
  name: z.string().max(1000),
  kind: z.union([z.number().int(), z.string()]).optional(),
  startTimeUnixNano: int64,
  endTimeUnixNano: int64,
  attributes: z.array(otlpKeyValueSchema).optional(),
  status: z.object({ code: z.union([z.number().int(), z.string()]).optional(), message: z.string().optional() }).optional(),
});
export type OtlpSpan = z.infer<typeof otlpSpanSchema>;

/** OTLP resource attributes, checked per resource as the api reads a request. */
export const otlpResourceSchema = z.object({ attributes: z.array(otlpKeyValueSchema).optional() }).optional();

/**
 * `POST /v1/traces` as the api first reads it: resources and spans are then checked one by one, so a bad span (or a
 * bad resource, with its spans) is refused alone and counted in `partialSuccess.rejectedSpans`.
 */
export const otlpExportEnvelopeSchema = z.object({
  resourceSpans: z.array(z.object({
    resource: z.unknown().optional(),
    scopeSpans: z.array(z.object({
      scope: z.unknown().optional(),
      spans: z.array(z.unknown()).optional(),
    })).optional(),
  })).default([]),
});
export type OtlpExportEnvelope = z.infer<typeof otlpExportEnvelopeSchema>;
