import { join } from 'node:path';
import { Root } from 'protobufjs';
import { OtlpProtobufError, decodeOtlpTraceRequest, encodeOtlpTraceResponse } from './otlp-protobuf';

const root = new Root();
root.resolvePath = (_origin, target) => join(__dirname, 'proto', target);
root.loadSync('opentelemetry/proto/collector/trace/v1/trace_service.proto');
const request = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest');
const response = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse');

describe('OTLP protobuf', () => {
  it('decodes a request into the JSON encoding\'s structure: hex ids, base64 bytes, decimal 64-bit integers, numeric enums', () => {
    const body = request.encode(request.fromObject({ resourceSpans: [{ scopeSpans: [{ spans: [{
      traceId: Buffer.from('0102030405060708090a0b0c0d0e0f10', 'hex'), spanId: Buffer.from('a1a2a3a4a5a6a7a8', 'hex'),
      name: 'call', kind: 3, startTimeUnixNano: '1764252000000000001', endTimeUnixNano: '1764252000250000000',
      status: { code: 2, message: 'failed' },
      attributes: [{ key: 'n', value: { intValue: '9007199254740993' } }, { key: 'raw', value: { bytesValue: Buffer.from('hi') } }],
    }] }] }] })).finish();
    expect(decodeOtlpTraceRequest(body)).toEqual({ resourceSpans: [{ scopeSpans: [{ spans: [{
      traceId: '0102030405060708090a0b0c0d0e0f10', spanId: 'a1a2a3a4a5a6a7a8', name: 'call', kind: 3,
      startTimeUnixNano: '1764252000000000001', endTimeUnixNano: '1764252000250000000', status: { code: 2, message: 'failed' },
      attributes: [{ key: 'n', value: { intValue: '9007199254740993' } }, { key: 'raw', value: { bytesValue: 'aGk=' } }],
    }] }] }] });
  });

  it('puts back the fields proto3 leaves out at their default: an empty name, a zero time', () => {
    const body = request.encode(request.fromObject({ resourceSpans: [{ scopeSpans: [{ spans: [{
      traceId: Buffer.alloc(16, 1), spanId: Buffer.alloc(8, 2), name: '', endTimeUnixNano: '5',
    }] }] }] })).finish();
    expect(decodeOtlpTraceRequest(body)).toMatchObject({ resourceSpans: [{ scopeSpans: [{ spans: [{ name: '', startTimeUnixNano: '0', endTimeUnixNano: '5' }] }] }] });
  });

  it('refuses bytes that are not a request', () => {
    expect(() => decodeOtlpTraceRequest(Buffer.from('not protobuf at all'))).toThrow(OtlpProtobufError);
  });

  it('answers an empty response when every span was taken, else the partial success', () => {
    expect(response.toObject(response.decode(encodeOtlpTraceResponse({})))).toEqual({});
    expect(response.toObject(response.decode(encodeOtlpTraceResponse({ rejectedSpans: 2, errorMessage: 'bad span' })), { longs: Number }))
      .toEqual({ partialSuccess: { rejectedSpans: 2, errorMessage: 'bad span' } });
  });
});
