import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Actor } from '@crucible/domain';
import {
  CreateHumanEvaluationUseCase, DeleteHumanEvaluationsUseCase, ExportHumanEvaluationUseCase,
  GetHumanEvaluationResultsUseCase, GetHumanEvaluationUseCase, ListHumanEvaluationScenariosUseCase,
  ListHumanEvaluationsUseCase, UpdateHumanEvaluationScenarioUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import {
  CreateHumanEvaluationDto, DeleteHumanEvaluationsDto, ExportHumanEvaluationQueryDto, ListHumanEvaluationsQueryDto,
  UpdateHumanScenarioDto,
} from '../dto/human-evaluation.dto';
import {
  presentHumanEvaluation, presentHumanEvaluationResults, presentHumanEvaluationStatus, presentHumanScenario,
} from '../presenters/human-evaluation.presenter';
import { toCsv } from '../presenters/csv.writer';

const evaluationId = new IdPipe('human evaluation');

@ApiTags('human-evaluations')
@ApiSecurity('ApiKey')
@Controller('human-evaluations')
export class HumanEvaluationsController {
  constructor(
    private readonly createEvaluation: CreateHumanEvaluationUseCase,
    private readonly listEvaluations: ListHumanEvaluationsUseCase,
    private readonly getEvaluation: GetHumanEvaluationUseCase,
    private readonly listScenarios: ListHumanEvaluationScenariosUseCase,
    private readonly updateScenario: UpdateHumanEvaluationScenarioUseCase,
    private readonly getResults: GetHumanEvaluationResultsUseCase,
    private readonly exportEvaluation: ExportHumanEvaluationUseCase,
    private readonly deleteEvaluations: DeleteHumanEvaluationsUseCase,
  ) {}

  @Get()
  async list(@CurrentActor() actor: Actor, @Query() query: ListHumanEvaluationsQueryDto) {
    return (await this.listEvaluations.execute(actor, query.app_id)).map(presentHumanEvaluation);
  }

  @Post()
  @HttpCode(200)
  async create(@CurrentActor() actor: Actor, @Body() body: CreateHumanEvaluationDto) {
    const evaluation = await this.createEvaluation.execute(actor, {
      appId: body.app_id, evaluationType: body.evaluation_type, revisionIds: body.revisions_ids, testsetId: body.testset_id,
      inputColumns: body.inputs, correctAnswerColumn: body.correct_answer_column,
    });
    return presentHumanEvaluation(evaluation);
  }

  @Delete()
  async remove(@CurrentActor() actor: Actor, @Body() body: DeleteHumanEvaluationsDto) {
    return { deleted: await this.deleteEvaluations.execute(actor, body.evaluations_ids) };
  }

  @Get(':evaluation_id')
  async get(@CurrentActor() actor: Actor, @Param('evaluation_id', evaluationId) id: string) {
    return presentHumanEvaluation(await this.getEvaluation.execute(actor, id));
  }

  @Get(':evaluation_id/status')
  async status(@CurrentActor() actor: Actor, @Param('evaluation_id', evaluationId) id: string) {
    return presentHumanEvaluationStatus(await this.getEvaluation.execute(actor, id));
  }

  /** Seed operation 6. */
  @Get(':evaluation_id/evaluation_scenarios')
  async scenarios(@CurrentActor() actor: Actor, @Param('evaluation_id', evaluationId) id: string) {
    const { scenarios } = await this.listScenarios.execute(actor, id);
    return scenarios.map(presentHumanScenario);
  }

  @Put(':evaluation_id/evaluation_scenario/:scenario_id')
  async judge(
    @CurrentActor() actor: Actor,
    @Param('evaluation_id', evaluationId) id: string,
    @Param('scenario_id', new IdPipe('human evaluation scenario')) scenarioId: string,
    @Body() body: UpdateHumanScenarioDto,
  ) {
    const scenario = await this.updateScenario.execute(actor, {
      evaluationId: id, scenarioId,
      update: {
        vote: body.vote, score: body.score, correctAnswer: body.correct_answer, isPinned: body.is_pinned ?? undefined,
        note: body.note,
      },
    });
    return presentHumanScenario(scenario);
  }

  @Get(':evaluation_id/results')
  async results(@CurrentActor() actor: Actor, @Param('evaluation_id', evaluationId) id: string) {
    return presentHumanEvaluationResults(await this.getResults.execute(actor, id));
  }

  /** Every scenario as a flat table: a column per input, per variant output, and per judgment field. */
  @Get(':evaluation_id/export')
  @ApiProduces('application/json', 'text/csv')
  async export(
    @CurrentActor() actor: Actor,
    @Param('evaluation_id', evaluationId) id: string,
    @Query() query: ExportHumanEvaluationQueryDto,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { table } = await this.exportEvaluation.execute(actor, id);
    const format = query.format ?? 'json';
    response.setHeader('content-disposition', `attachment; filename="human-evaluation-${id}.${format}"`);
    if (format === 'json') return table.records;
    response.setHeader('content-type', 'text/csv; charset=utf-8');
    return toCsv(table.columns, table.records);
  }
}
