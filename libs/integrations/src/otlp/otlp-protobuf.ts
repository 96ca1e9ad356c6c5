import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Root, type Type } from 'protobufjs';

/** The vendored definitions (./proto). A server compiled to dist/ runs from elsewhere: look up from here for them. */
const PROTO_DIR = 'libs/integrations/src/otlp/proto';
const SERVICE_PROTO = 'opentelemetry/proto/collector/trace/v1/trace_service.proto';

function protoDirectory(): string {
  const beside = join(__dirname, 'proto');
  if (existsSync(join(beside, SERVICE_PROTO))) return beside;
  for (let dir = __dirname; dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, PROTO_DIR, SERVICE_PROTO))) return join(dir, PROTO_DIR);
  }
  throw new Error(`the OTLP .proto files are missing (${PROTO_DIR})`);
}

interface OtlpMessages {
  request: Type;
  response: Type;
}

let loaded: OtlpMessages | undefined;

/** Loaded on the first protobuf request, then kept: most servers only ever see JSON. */
function messages(): OtlpMessages {
  if (loaded) return loaded;
  const directory = protoDirectory();
  const root = new Root();
  root.resolvePath = (_origin, target) => join(directory, target);
  root.loadSync(SERVICE_PROTO, { keepCase: false });
  loaded = {
    request: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest'),
    response: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse'),
  };
  return loaded;
}

/** Why a body could not be read as an `ExportTraceServiceRequest`. */
export class OtlpProtobufError extends Error {}

const ID_FIELDS = new Set(['traceId', 'spanId', 'parentSpanId']);

/**
 * The protobuf message as OTLP/HTTP JSON writes it (the structure `POST /v1/traces` reads): ids as hex, other bytes
 * as base64, 64-bit integers as decimal strings, enums as numbers, unset fields left out.
 */
function jsonMapping(value: unknown, key?: string): unknown {
  if (value instanceof Uint8Array) return ID_FIELDS.has(key ?? '') ? Buffer.from(value).toString('hex') : Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map((item) => jsonMapping(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([field, inner]) => [field, jsonMapping(inner, field)]));
  }
  return value;
}

interface DecodedRequest {
  resourceSpans?: Array<{ scopeSpans?: Array<{ spans?: Array<Record<string, unknown>> }> }>;
}

/**
 * proto3 leaves out a field that holds its default, where JSON exporters write it: a span named "" (or starting at 0)
 * arrives without its name (or time), which the JSON path requires.
 */
const SPAN_DEFAULTS = { name: '', startTimeUnixNano: '0', endTimeUnixNano: '0' };

/** Decodes an `ExportTraceServiceRequest` (already inflated when it came gzipped). */
export function decodeOtlpTraceRequest(body: Uint8Array): unknown {
  const { request } = messages();
  let message;
  try {
    message = request.decode(body);
  } catch (error) {
    throw new OtlpProtobufError(`not an OTLP ExportTraceServiceRequest in protobuf: ${(error as Error).message}`);
  }
  // bytes stay Uint8Array (jsonMapping writes them); 64-bit integers as strings keep nanosecond times exact.
  const decoded = jsonMapping(request.toObject(message, { longs: String, enums: Number, defaults: false })) as DecodedRequest;
  for (const resourceSpans of decoded.resourceSpans ?? []) {
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) for (const span of scopeSpans.spans ?? []) Object.assign(span, { ...SPAN_DEFAULTS, ...span });
  }
  return decoded;
}

/** `ExportTraceServiceResponse`, the answer to a protobuf request (OTLP/HTTP): empty partial success when every span was taken. */
export function encodeOtlpTraceResponse(partialSuccess: { rejectedSpans?: number; errorMessage?: string }): Uint8Array {
  const { response } = messages();
  const empty = partialSuccess.rejectedSpans === undefined && partialSuccess.errorMessage === undefined;
  return response.encode(response.fromObject(empty ? {} : { partialSuccess })).finish();
}
