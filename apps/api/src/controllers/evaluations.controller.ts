import { Body, Controller, Delete, Get, Param, Post, Query, Req, Res, type StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import {
  CancelEvaluationUseCase, CompareEvaluationStatisticsUseCase, CompareEvaluationsUseCase, CreateEvaluationUseCase,
  DeleteEvaluationsUseCase, ExportEvaluationUseCase, GetEvaluationUseCase, GetEvaluationProgressUseCase,
  ListEvaluationScenariosUseCase, ListEvaluationsUseCase, RerunFailedRowsUseCase, UploadEvaluationUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe, isUuid } from '../http/id.pipe';
import { withFieldLocations } from '../http/field-locations';
import { Idempotent } from '../http/idempotency.interceptor';
import { BodyLimit } from '../http/body-limit.decorator';
import { RequestValidationError } from '../http/validation-error';
import { listed, memoisedJson, pageRequest, sendJsonPage } from '../http/paging';
import { streamJsonPage, streamedText } from '../http/streaming';
import {
  ComparisonDto, ComparisonQueryDto, CreateEvaluationDto, DeleteEvaluationsDto, EvaluationDto, EvaluationResultsDto,
  EvaluationScenarioDto, EvaluationStatusDto, UploadEvaluationDto, rateLimitFromWire, revisionChoiceFromWire,
  StatisticalComparisonQueryDto,
} from '../wire/evaluation.wire';
import { EvaluationComparisonDto, ExportEvaluationQueryDto, RerunEvaluationDto } from '../wire/evaluation-review.wire';
import { DeletedCountDto, PageQueryDto, PagedAppScopeQueryDto } from '../wire/common.wire';
import {
  comparisonJson, presentEvaluation, presentEvaluationResults, presentEvaluationStatus, presentScenario,
} from '../presenters/evaluation.presenter';
import { presentEvaluationComparison } from '../presenters/evaluation-comparison.presenter';
import { evaluationCsv, evaluationJson } from '../presenters/evaluation-export.presenter';

/** `a,b,c` → ids, or a 422 naming the first that is not an evaluation id. */
function evaluationIds(list: string): string[] {
  const ids = list.split(',').map((id) => id.trim()).filter(Boolean);
  const invalid = ids.find((id) => !isUuid(id));
  if (invalid || ids.length === 0) {
    throw RequestValidationError.of('query', ['evaluations_ids'], `not a list of evaluation ids: "${invalid ?? ''}"`, 'invalid_value');
  }
  return ids;
}

const listedEvaluationJson = memoisedJson(presentEvaluation);

@ApiTags('evaluations')
@ApiSecurity('ApiKey')
@Controller('evaluations')
export class EvaluationsController {
  constructor(
    private readonly createEvaluation: CreateEvaluationUseCase,
    private readonly listEvaluations: ListEvaluationsUseCase,
    private readonly getEvaluation: GetEvaluationUseCase,
    private readonly listScenarios: ListEvaluationScenariosUseCase,
    private readonly compareEvaluations: CompareEvaluationsUseCase,
    private readonly cancelEvaluation: CancelEvaluationUseCase,
    private readonly deleteEvaluations: DeleteEvaluationsUseCase,
    private readonly compareStatistics: CompareEvaluationStatisticsUseCase,
    private readonly getProgress: GetEvaluationProgressUseCase,
    private readonly rerunFailedRows: RerunFailedRowsUseCase,
    private readonly exportEvaluation: ExportEvaluationUseCase,
    private readonly uploadEvaluation: UploadEvaluationUseCase,
  ) {}

  /** Seed operation 1: everything unless `limit` is given. */
  @Get()
  @ApiOkResponse({ type: [EvaluationDto.Output] })
  async list(
    @CurrentActor() actor: Actor, @Query() query: PagedAppScopeQueryDto,
    @Req() req: Request, @Res() res: Response,
  ): Promise<void> {
    const page = await listed(() => this.listEvaluations.execute(actor, query.app_id, pageRequest(query, 'everything')));
    sendJsonPage(req, res, page, listedEvaluationJson);
  }

  /** Seed operation 2: one evaluation per revision id (or per variant's latest revision), all returned. */
  @Post()
  @ZodResponse({ status: 200, type: [EvaluationDto] })
  @Idempotent()
  async create(@CurrentActor() actor: Actor, @Body() body: CreateEvaluationDto) {
    const evaluations = await this.createEvaluation.execute(actor, {
      appId: body.app_id, revisions: revisionChoiceFromWire(body), evaluatorConfigIds: body.evaluators_configs,
      testsetId: body.testset_id, rateLimit: rateLimitFromWire(body.rate_limit), correctAnswerColumn: body.correct_answer_column ?? undefined,
      repetitions: body.repetitions,
    });
    return evaluations.map(presentEvaluation);
  }

  /** The rows of a test process's own run (the SDK's `evaluate()`), stored as a finished evaluation with `source: sdk`. */
  @Post('upload')
  @BodyLimit('upload')
  @ZodResponse({ status: 200, type: EvaluationDto })
  @Idempotent()
  async upload(@CurrentActor() actor: Actor, @Body() body: UploadEvaluationDto) {
    return presentEvaluation(await this.uploadEvaluation.execute(actor, {
      appId: body.app_id, variantId: body.variant_id ?? undefined, testsetId: body.testset_id, evaluatorConfigIds: body.evaluators_configs,
      correctAnswerColumn: body.correct_answer_column ?? undefined,
      scenarios: body.scenarios.map((scenario) => ({
        rowIndex: scenario.row_index, repetition: scenario.repetition ?? 1, output: scenario.output ?? null, scores: scenario.scores, latency: scenario.latency ?? null,
        cost: scenario.cost ?? null, error: scenario.error ?? null,
      })),
    }));
  }

  @Delete()
  @ZodResponse({ status: 200, type: DeletedCountDto })
  async remove(@CurrentActor() actor: Actor, @Body() body: DeleteEvaluationsDto) {
    return { deleted: await this.deleteEvaluations.execute(actor, body.evaluations_ids) };
  }

  /** Streamed: the rows are written as the scenarios are read, so two large evaluations are never held whole. */
  @Get('evaluation_scenarios/comparison-results')
  @ApiOkResponse({ type: ComparisonDto.Output })
  async compare(@CurrentActor() actor: Actor, @Query() query: ComparisonQueryDto): Promise<StreamableFile> {
    const { evaluations, rows } = await this.compareEvaluations.execute(actor, evaluationIds(query.evaluations_ids));
    return streamedText(comparisonJson(evaluations, rows), { type: 'application/json; charset=utf-8' });
  }

  /** ARCHITECTURE §11: per evaluator config, cost and latency, means with 95 % intervals and paired tests against the first id. */
  @Get('compare')
  @ZodResponse({ status: 200, type: EvaluationComparisonDto })
  async compareStatistically(@CurrentActor() actor: Actor, @Query() query: StatisticalComparisonQueryDto) {
    const ids = evaluationIds(query.evaluations_ids);
    const options = { allowDifferentVersions: query.allow_different_versions === 'true' };
    const { evaluations, metrics } = await withFieldLocations({ evaluations_ids: 'query' }, () => this.compareStatistics.execute(actor, ids, options));
    return presentEvaluationComparison(evaluations, metrics);
  }

  @Get(':evaluation_id')
  @ZodResponse({ status: 200, type: EvaluationDto })
  async get(@CurrentActor() actor: Actor, @Param('evaluation_id', new IdPipe('evaluation')) id: string) {
    return presentEvaluation(await this.getEvaluation.execute(actor, id));
  }

  @Get(':evaluation_id/status')
  @ZodResponse({ status: 200, type: EvaluationStatusDto })
  async status(@CurrentActor() actor: Actor, @Param('evaluation_id', new IdPipe('evaluation')) id: string) {
    return presentEvaluationStatus(await this.getProgress.execute(actor, id));
  }

  @Get(':evaluation_id/results')
  @ZodResponse({ status: 200, type: EvaluationResultsDto })
  async results(@CurrentActor() actor: Actor, @Param('evaluation_id', new IdPipe('evaluation')) id: string) {
    return presentEvaluationResults(await this.getEvaluation.execute(actor, id));
  }

  /** At most 1000 scenarios (or `limit`) in row order, streamed; `Link` leads on. */
  @Get(':evaluation_id/evaluation_scenarios')
  @ApiOkResponse({ type: [EvaluationScenarioDto.Output] })
  async scenarios(
    @CurrentActor() actor: Actor, @Param('evaluation_id', new IdPipe('evaluation')) id: string,
    @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    const { evaluation, scenarios } = await listed(() => this.listScenarios.execute(actor, id, pageRequest(query, 'bounded')));
    return streamJsonPage(req, res, scenarios, (scenario) => presentScenario(evaluation, scenario));
  }

  /** A new evaluation that keeps the rows which succeeded and re-invokes those whose application or evaluator errored. */
  @Post(':evaluation_id/rerun')
  @ZodResponse({ status: 200, type: EvaluationDto })
  async rerun(
    @CurrentActor() actor: Actor,
    @Param('evaluation_id', new IdPipe('evaluation')) id: string,
    @Body() body: RerunEvaluationDto,
  ) {
    const rateLimit = body.rate_limit ? rateLimitFromWire(body.rate_limit) : undefined;
    return presentEvaluation(await this.rerunFailedRows.execute(actor, id, rateLimit));
  }

  /** Every row, streamed page by page: CSV (one column per input and per evaluator) or a JSON array of scenarios. */
  @Get(':evaluation_id/export')
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ description: 'JSON array of scenarios, or CSV (format=csv)', schema: { type: 'array', items: { type: 'object', additionalProperties: true } } })
  async export(
    @CurrentActor() actor: Actor,
    @Param('evaluation_id', new IdPipe('evaluation')) id: string,
    @Query() query: ExportEvaluationQueryDto,
  ): Promise<StreamableFile> {
    const { evaluation, pages } = await this.exportEvaluation.execute(actor, id);
    const format = query.format ?? 'json';
    const chunks = format === 'csv' ? evaluationCsv(evaluation, pages) : evaluationJson(evaluation, pages);
    return streamedText(chunks, {
      type: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      disposition: `attachment; filename="evaluation-${id}.${format}"`,
    });
  }

  @Post(':evaluation_id/cancel')
  @ZodResponse({ status: 200, type: EvaluationStatusDto })
  async cancel(@CurrentActor() actor: Actor, @Param('evaluation_id', new IdPipe('evaluation')) id: string) {
    return presentEvaluationStatus(await this.cancelEvaluation.execute(actor, id));
  }
}
