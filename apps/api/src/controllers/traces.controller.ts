import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  OtlpIngestedDto, StoredTraceDto, type TraceFilterQuery, TraceIngestedDto, TraceListQueryDto, TraceMetricsDto,
  TraceMetricsQueryDto, TraceTreeDto,
} from '../wire/trace.wire';
import type { Request, Response } from 'express';
import { type OtlpExportRequest, type TraceBatch, otlpExportRequestSchema, traceBatchSchema } from '@crucible/contracts';
import type { Actor, TraceFilter } from '@crucible/domain';
import {
  GetTraceMetricsUseCase, GetTraceUseCase, IngestOtlpTracesUseCase, IngestTracesUseCase, ListTracesUseCase, decodeCursor,
  encodeCursor, notACursor,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { BodyLimit } from '../http/body-limit.decorator';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { nextLink } from '../http/keyset-cursor';
import { withFieldLocations } from '../http/field-locations';
import { listed } from '../http/paging';
import { RequestValidationError } from '../http/validation-error';
import { presentTrace, presentTraceMetrics, presentTraceTree } from '../presenters/trace.presenter';

const TRACE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const filterFrom = (query: TraceFilterQuery & { q?: string }): TraceFilter => ({
  appId: query.app_id, environment: query.environment, variantId: query.variant_id, status: query.status,
  from: query.from ? new Date(query.from) : undefined, to: query.to ? new Date(query.to) : undefined, search: query.q,
});

function cursorPosition(cursor: string | undefined) {
  if (!cursor) return null;
  const [startTime, traceId] = decodeCursor(cursor, ['timestamptz', 'text']) as [string, string];
  const time = new Date(startTime);
  if (Number.isNaN(time.getTime())) throw notACursor();
  return { startTime: time, traceId };
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

  @Post('traces')
  @BodyLimit('traces')
  @HttpCode(200)
  @ApiOkResponse({ type: TraceIngestedDto.Output })
  async ingest(@CurrentActor() actor: Actor, @Body(new ZodBodyPipe(traceBatchSchema)) body: TraceBatch) {
    const saved = await this.ingestTraces.execute(actor, body);
    return { accepted_traces: saved.traces, accepted_spans: saved.spans };
  }

  /** OTLP/HTTP with the JSON encoding; its success answer is an (empty) ExportTraceServiceResponse. */
  @Post('v1/traces')
  @BodyLimit('traces')
  @HttpCode(200)
  @ApiOkResponse({ type: OtlpIngestedDto.Output })
  async ingestOtlpJson(@CurrentActor() actor: Actor, @Body(new ZodBodyPipe(otlpExportRequestSchema)) body: OtlpExportRequest) {
    await this.ingestOtlp.execute(actor, body);
    return { partialSuccess: {} };
  }

  @Get('traces')
  @ApiOkResponse({ type: [StoredTraceDto.Output] })
  async list(@CurrentActor() actor: Actor, @Query() query: TraceListQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const page = await listed(() => this.listTraces.execute(actor, filterFrom(query), { limit: query.limit ?? 1000, after: cursorPosition(query.cursor) }));
    if (page.next) response.setHeader('Link', nextLink(request, encodeCursor([page.next.startTime.toISOString(), page.next.traceId])));
    return page.traces.map(presentTrace);
  }

  @Get('traces/metrics')
  @ApiOkResponse({ type: TraceMetricsDto.Output })
  async metrics(@CurrentActor() actor: Actor, @Query() query: TraceMetricsQueryDto) {
    const metrics = await withFieldLocations({ from: 'query', interval: 'query' }, () => this.getMetrics.execute(actor, filterFrom(query), query.interval ?? 'hour'));
    return presentTraceMetrics(metrics);
  }

  @Get('traces/:trace_id')
  @ApiOkResponse({ type: TraceTreeDto.Output })
  async get(@CurrentActor() actor: Actor, @Param('trace_id') traceId: string) {
    if (!TRACE_ID.test(traceId)) {
      throw new RequestValidationError([{ loc: ['path', 'trace_id'], msg: 'a trace id is 1–128 letters, digits or ._:-', type: 'value_error' }]);
    }
    return presentTraceTree(await this.getTrace.execute(actor, traceId));
  }
}
