import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiConsumes, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { encodeOtlpTraceResponse } from '@crucible/integrations';
import {
  OtlpExportDto, OtlpIngestedDto, StoredTraceDto, TraceBatchDto, type TraceFilterQuery, TraceIngestedDto, TraceListQueryDto,
  TraceMetricsDto, TraceMetricsQueryDto, TraceTreeDto, TraceTreeQueryDto,
} from '../wire/trace.wire';
import type { Request, Response } from 'express';
import type { TraceIngestResult } from '@crucible/contracts';
import type { Actor, TraceFilter } from '@crucible/domain';
import {
  GetTraceMetricsUseCase, GetTraceUseCase, IngestOtlpTracesUseCase, IngestTracesUseCase, ListTracesUseCase, type SpanCursor, decodeCursor,
  describeViolations, encodeCursor, notACursor,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { BodyLimit } from '../http/body-limit.decorator';
import { OTLP_PROTOBUF, isOtlpProtobuf } from '../http/otlp-protobuf-body.middleware';
import { nextLink } from '../http/keyset-cursor';
import { withFieldLocations } from '../http/field-locations';
import { RequestValidationError } from '../http/validation-error';
import { presentTraceListItem, presentTraceMetrics, traceTreeJson } from '../presenters/trace.presenter';

const TRACE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const filterFrom = (query: TraceFilterQuery & { q?: string }): TraceFilter => ({
  appId: query.app_id, environment: query.environment, variantId: query.variant_id, sessionId: query.session_id, userId: query.user_id,
  status: query.status,
  from: query.from ? new Date(query.from) : undefined, to: query.to ? new Date(query.to) : undefined, search: query.q,
  scoreName: query.score_name, scoreMin: query.score_min, scoreMax: query.score_max,
});

/** The filter's fields a use case may refuse, all in the query. */
const FILTER_LOCATIONS = { cursor: 'query', from: 'query', interval: 'query', score_name: 'query', score_max: 'query' } as const;

function cursorPosition(cursor: string | undefined) {
  if (!cursor) return null;
  const [startTime, traceId] = decodeCursor(cursor, ['timestamptz', 'text']) as [string, string];
  const time = new Date(startTime);
  if (Number.isNaN(time.getTime())) throw notACursor();
  return { startTime: time, traceId };
}

function spanCursorPosition(cursor: string | undefined): SpanCursor | null {
  if (!cursor) return null;
  const refused = RequestValidationError.of('query', ['spans_cursor'], 'not a cursor of this trace\'s spans', 'invalid_value');
  let keys: string[];
  try {
    keys = decodeCursor(cursor, ['timestamptz', 'text']);
  } catch {
    throw refused;
  }
  const time = new Date(keys[0]!);
  if (Number.isNaN(time.getTime())) throw refused;
  return { startTime: time, spanId: keys[1]! };
}

/** §10's `Link: rel="next"` for the trace detail's span pages: the same request with `spans_cursor`. */
function nextSpansLink(request: Request, cursor: string): string {
  const url = new URL(request.originalUrl, 'http://placeholder');
  url.searchParams.set('spans_cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** ARCHITECTURE §14: ingest (our shape and OTLP/HTTP JSON), list, one trace as a span tree, metrics. */
@ApiTags('traces')
@ApiSecurity('ApiKey')
@Controller()
export class TracesController {
  constructor(
    private readonly ingestTraces: IngestTracesUseCase,
    private readonly ingestOtlp: IngestOtlpTracesUseCase,
    private readonly listTraces: ListTracesUseCase,
    private readonly getTrace: GetTraceUseCase,
    private readonly getMetrics: GetTraceMetricsUseCase,
  ) {}

  /** 200 when at least one trace was accepted, the refused ones by index; 422 `{detail}` naming every field when none was. */
  @Post('traces')
  @BodyLimit('traces')
  @HttpCode(200)
  @ApiOkResponse({ type: TraceIngestedDto.Output })
  async ingest(@CurrentActor() actor: Actor, @Body() body: TraceBatchDto): Promise<TraceIngestResult> {
    const outcome = await this.ingestTraces.execute(actor, body);
    return {
      accepted: outcome.accepted,
      rejected: outcome.rejected.map(({ index, violations }) => ({ index, detail: describeViolations(violations, 2) })),
      accepted_traces: outcome.traces,
      accepted_spans: outcome.spans,
      rejected_spans: outcome.rejectedSpans,
    };
  }

  /**
   * OTLP/HTTP, JSON or protobuf (decoded by `otlpProtobufBody` into the JSON structure): an ExportTraceServiceResponse in
   * the request's encoding, whose `partialSuccess` is empty when every span was accepted and counts the refused ones
   * otherwise; 422 when none was.
   */
  @Post('v1/traces')
  @BodyLimit('traces')
  @ApiOkResponse({ type: OtlpIngestedDto.Output })
  @ApiConsumes('application/json', OTLP_PROTOBUF)
  async ingestOtlpJson(@CurrentActor() actor: Actor, @Body() body: OtlpExportDto, @Req() request: Request, @Res() response: Response): Promise<void> {
    const outcome = await this.ingestOtlp.execute(actor, body);
    const partialSuccess = outcome.rejectedSpans === 0
      ? {}
      : { rejectedSpans: outcome.rejectedSpans, errorMessage: outcome.errorMessage ?? 'spans were refused' };
    response.status(200);
    if (isOtlpProtobuf(request)) response.type(OTLP_PROTOBUF).send(Buffer.from(encodeOtlpTraceResponse(partialSuccess)));
    else response.json({ partialSuccess });
  }

  @Get('traces')
  @ApiOkResponse({ type: [StoredTraceDto.Output] })
  async list(@CurrentActor() actor: Actor, @Query() query: TraceListQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const page = await withFieldLocations(FILTER_LOCATIONS, () => this.listTraces.execute(actor, filterFrom(query), { limit: query.limit ?? 1000, after: cursorPosition(query.cursor) }));
    if (page.next) response.setHeader('Link', nextLink(request, encodeCursor([page.next.startTime.toISOString(), page.next.traceId])));
    return page.traces.map(presentTraceListItem);
  }

  @Get('traces/metrics')
  @ApiOkResponse({ type: TraceMetricsDto.Output })
  async metrics(@CurrentActor() actor: Actor, @Query() query: TraceMetricsQueryDto) {
    const metrics = await withFieldLocations(FILTER_LOCATIONS, () => this.getMetrics.execute(actor, filterFrom(query), query.interval ?? 'hour'));
    return presentTraceMetrics(metrics);
  }

  /** Written as JSON text by the presenter (a span tree may be deeper than JSON.stringify can go). */
  @Get('traces/:trace_id')
  @ApiOkResponse({ type: TraceTreeDto.Output })
  async get(
    @CurrentActor() actor: Actor, @Param('trace_id') traceId: string, @Query() query: TraceTreeQueryDto, @Req() request: Request, @Res() response: Response,
  ) {
    if (!TRACE_ID.test(traceId)) {
      throw RequestValidationError.of('path', ['trace_id'], 'a trace id is 1–128 letters, digits or ._:-', 'invalid_value');
    }
    const found = await this.getTrace.execute(actor, traceId, { limit: query.spans_limit, after: spanCursorPosition(query.spans_cursor) });
    const next = found.nextSpans ? encodeCursor([found.nextSpans.startTime.toISOString(), found.nextSpans.spanId]) : null;
    if (next) response.setHeader('Link', nextSpansLink(request, next));
    response.type('application/json').send(traceTreeJson(found, next));
  }
}
