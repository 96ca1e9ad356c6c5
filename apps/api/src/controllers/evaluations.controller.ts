import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { type Actor, DomainError, rateLimitFromWire } from '@crucible/domain';
import {
  CancelEvaluationUseCase, CompareEvaluationsUseCase, CreateEvaluationUseCase, DeleteEvaluationsUseCase,
  GetEvaluationUseCase, ListEvaluationScenariosUseCase, ListEvaluationsUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe, isUuid } from '../http/id.pipe';
import {
  ComparisonQueryDto, CreateEvaluationDto, DeleteEvaluationsDto, ListEvaluationsQueryDto,
} from '../dto/evaluation.dto';
import {
  presentComparison, presentEvaluation, presentEvaluationResults, presentEvaluationStatus, presentScenario,
} from '../presenters/evaluation.presenter';

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
  ) {}

  /** Seed operation 1. */
  @Get()
  async list(@CurrentActor() actor: Actor, @Query() query: ListEvaluationsQueryDto) {
    return (await this.listEvaluations.execute(actor, query.app_id)).map(presentEvaluation);
  }

  /** Seed operation 2: one evaluation per revision id, all returned. */
  @Post()
  @HttpCode(200)
  async create(@CurrentActor() actor: Actor, @Body() body: CreateEvaluationDto) {
    const evaluations = await this.createEvaluation.execute(actor, {
      appId: body.app_id, revisionIds: body.revisions_ids, evaluatorConfigIds: body.evaluators_configs,
      testsetId: body.testset_id, rateLimit: rateLimitFromWire(body.rate_limit),
      correctAnswerColumn: body.correct_answer_column,
    });
    return evaluations.map(presentEvaluation);
  }

  @Delete()
  async remove(@CurrentActor() actor: Actor, @Body() body: DeleteEvaluationsDto) {
    return { deleted: await this.deleteEvaluations.execute(actor, body.evaluations_ids) };
  }

  @Get('evaluation_scenarios/comparison-results')
  async compare(@CurrentActor() actor: Actor, @Query() query: ComparisonQueryDto) {
    const ids = query.evaluations_ids.split(',').map((id) => id.trim()).filter(Boolean);
    const invalid = ids.find((id) => !isUuid(id));
    if (invalid || ids.length === 0) {
      throw DomainError.invalidInput([{ loc: ['query', 'evaluations_ids'], msg: `not a list of evaluation ids: "${invalid ?? ''}"`, type: 'value_error' }]);
    }
    const { evaluations, rows } = await this.compareEvaluations.execute(actor, ids);
    return presentComparison(evaluations, rows);
  }

  @Get(':evaluation_id')
  async get(@CurrentActor() actor: Actor, @Param('evaluation_id', new IdPipe('evaluation')) id: string) {
    return presentEvaluation(await this.getEvaluation.execute(actor, id));
  }

  @Get(':evaluation_id/status')
  async status(@CurrentActor() actor: Actor, @Param('evaluation_id', new IdPipe('evaluation')) id: string) {
    return presentEvaluationStatus(await this.getEvaluation.execute(actor, id));
  }

  @Get(':evaluation_id/results')
  async results(@CurrentActor() actor: Actor, @Param('evaluation_id', new IdPipe('evaluation')) id: string) {
    return presentEvaluationResults(await this.getEvaluation.execute(actor, id));
  }

  @Get(':evaluation_id/evaluation_scenarios')
  async scenarios(@CurrentActor() actor: Actor, @Param('evaluation_id', new IdPipe('evaluation')) id: string) {
    const { evaluation, scenarios } = await this.listScenarios.execute(actor, id);
    return scenarios.map((scenario) => presentScenario(evaluation, scenario));
  }

  @Post(':evaluation_id/cancel')
  @HttpCode(200)
  async cancel(@CurrentActor() actor: Actor, @Param('evaluation_id', new IdPipe('evaluation')) id: string) {
    return presentEvaluationStatus(await this.cancelEvaluation.execute(actor, id));
  }
}
