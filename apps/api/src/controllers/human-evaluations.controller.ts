import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import {
  CreateHumanEvaluationUseCase, DeleteHumanEvaluationsUseCase, ExportHumanEvaluationUseCase,
  GetHumanEvaluationResultsUseCase, GetHumanEvaluationUseCase, ListHumanEvaluationScenariosUseCase,
  ListHumanEvaluationsUseCase, UpdateHumanEvaluationScenarioUseCase, UpdateHumanEvaluationStatusUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { answerPage, listed, pageRequest } from '../http/paging';
import { jsonArray, streamJsonPage, streamedText } from '../http/streaming';
import { DeletedCountDto, PageQueryDto, PagedAppScopeQueryDto } from '../wire/common.wire';
import {
  CreateHumanEvaluationDto, DeleteHumanEvaluationsDto, ExportHumanEvaluationQueryDto, HumanEvaluationDto,
  HumanEvaluationExportDto, HumanEvaluationResultsDto, HumanEvaluationScenarioDto, HumanEvaluationStatusDto,
  UpdateHumanEvaluationDto, UpdateHumanScenarioDto,
} from '../wire/human-evaluation.wire';
import {
  presentHumanEvaluation, presentHumanEvaluationResults, presentHumanEvaluationStatus, presentHumanScenario,
} from '../presenters/human-evaluation.presenter';
import { csvTable } from '../presenters/csv.writer';
import { revisionChoiceFromWire } from '../wire/evaluation.wire';

const evaluationId = new IdPipe('human evaluation');
const scenarioId = new IdPipe('human evaluation scenario');

@ApiTags('human-evaluations')
@ApiSecurity('ApiKey')
@Controller('human-evaluations')
export class HumanEvaluationsController {
  constructor(
    private readonly createEvaluation: CreateHumanEvaluationUseCase,
    private readonly listEvaluations: ListHumanEvaluationsUseCase,
    private readonly getEvaluation: GetHumanEvaluationUseCase,
    private readonly updateStatus: UpdateHumanEvaluationStatusUseCase,
    private readonly listScenarios: ListHumanEvaluationScenariosUseCase,
    private readonly updateScenario: UpdateHumanEvaluationScenarioUseCase,
    private readonly getResults: GetHumanEvaluationResultsUseCase,
    private readonly exportEvaluation: ExportHumanEvaluationUseCase,
    private readonly deleteEvaluations: DeleteHumanEvaluationsUseCase,
  ) {}

  @Get()
  @ZodResponse({ status: 200, type: [HumanEvaluationDto] })
  async list(
    @CurrentActor() actor: Actor, @Query() query: PagedAppScopeQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    return answerPage(req, res, await listed(() => this.listEvaluations.execute(actor, query.app_id, pageRequest(query, 'bounded'))), presentHumanEvaluation);
  }

  @Post()
  @ZodResponse({ status: 200, type: HumanEvaluationDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateHumanEvaluationDto) {
    const evaluation = await this.createEvaluation.execute(actor, {
      appId: body.app_id, evaluationType: body.evaluation_type, revisions: revisionChoiceFromWire(body), testsetId: body.testset_id,
      inputColumns: body.inputs ?? undefined, correctAnswerColumn: body.correct_answer_column ?? undefined,
      scoreConfigIds: body.score_config_ids,
    });
    return presentHumanEvaluation(evaluation);
  }

  @Delete()
  @ZodResponse({ status: 200, type: DeletedCountDto })
  async remove(@CurrentActor() actor: Actor, @Body() body: DeleteHumanEvaluationsDto) {
    return { deleted: await this.deleteEvaluations.execute(actor, body.evaluations_ids) };
  }

  @Get(':evaluation_id')
  @ZodResponse({ status: 200, type: HumanEvaluationDto })
  async get(@CurrentActor() actor: Actor, @Param('evaluation_id', evaluationId) id: string) {
    return presentHumanEvaluation(await this.getEvaluation.execute(actor, id));
  }

  /** Agenta's update: the status moves between EVALUATION_READY and EVALUATION_FINISHED. */
  @Put(':evaluation_id')
  @ZodResponse({ status: 200, type: HumanEvaluationDto })
  async update(@CurrentActor() actor: Actor, @Param('evaluation_id', evaluationId) id: string, @Body() body: UpdateHumanEvaluationDto) {
    return presentHumanEvaluation(await this.updateStatus.execute(actor, { evaluationId: id, status: body.status }));
  }

  @Get(':evaluation_id/status')
  @ZodResponse({ status: 200, type: HumanEvaluationStatusDto })
  async status(@CurrentActor() actor: Actor, @Param('evaluation_id', evaluationId) id: string) {
    return presentHumanEvaluationStatus(await this.getEvaluation.execute(actor, id));
  }

  /** Seed operation 6: every scenario unless `limit` is given, streamed in row order. */
  @Get(':evaluation_id/evaluation_scenarios')
  @ApiOkResponse({ type: [HumanEvaluationScenarioDto.Output] })
  async scenarios(
    @CurrentActor() actor: Actor, @Param('evaluation_id', evaluationId) id: string,
    @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    const { scenarios } = await listed(() => this.listScenarios.execute(actor, id, pageRequest(query, 'everything')));
    return streamJsonPage(req, res, scenarios, presentHumanScenario);
  }

  @Put(':evaluation_id/evaluation_scenario/:scenario_id')
  @ZodResponse({ status: 200, type: HumanEvaluationScenarioDto })
  async judge(
    @CurrentActor() actor: Actor,
    @Param('evaluation_id', evaluationId) id: string,
    @Param('scenario_id', scenarioId) scenario: string,
    @Body() body: UpdateHumanScenarioDto,
  ) {
    const updated = await this.updateScenario.execute(actor, {
      evaluationId: id, scenarioId: scenario,
      update: {
        vote: body.vote, score: body.score,
        scores: body.scores?.map((entry) => ({ configId: entry.config_id, value: entry.value, stringValue: entry.string_value })),
        correctAnswer: body.correct_answer, isPinned: body.is_pinned ?? undefined,
        note: body.note, outputs: body.outputs?.map((o) => ({ variantId: o.variant_id, output: o.variant_output })),
      },
    });
    return presentHumanScenario(updated);
  }

  /** Agenta's path names the evaluation type too; the evaluation already knows it. */
  @Put(':evaluation_id/evaluation_scenario/:scenario_id/:evaluation_type')
  @ZodResponse({ status: 200, type: HumanEvaluationScenarioDto })
  async judgeTyped(
    @CurrentActor() actor: Actor,
    @Param('evaluation_id', evaluationId) id: string,
    @Param('scenario_id', scenarioId) scenario: string,
    @Body() body: UpdateHumanScenarioDto,
  ) {
    return this.judge(actor, id, scenario, body);
  }

  @Get(':evaluation_id/results')
  @ZodResponse({ status: 200, type: HumanEvaluationResultsDto })
  async results(@CurrentActor() actor: Actor, @Param('evaluation_id', evaluationId) id: string) {
    return presentHumanEvaluationResults(await this.getResults.execute(actor, id));
  }

  /** Every scenario as a flat table (a column per input, per variant output, and per judgment field), streamed page by page. */
  @Get(':evaluation_id/export')
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ type: HumanEvaluationExportDto.Output, description: 'JSON records, or the same table as CSV (format=csv)' })
  async export(
    @CurrentActor() actor: Actor,
    @Param('evaluation_id', evaluationId) id: string,
    @Query() query: ExportHumanEvaluationQueryDto,
  ): Promise<StreamableFile> {
    const { layout, pages } = await this.exportEvaluation.execute(actor, id);
    const format = query.format ?? 'json';
    return streamedText(format === 'csv' ? csvTable(layout.columns, pages, layout.record) : jsonArray(pages, layout.record), {
      type: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      disposition: `attachment; filename="human-evaluation-${id}.${format}"`,
    });
  }
}
