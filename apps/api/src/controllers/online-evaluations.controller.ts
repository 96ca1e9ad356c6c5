import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import {
  BackfillOnlineEvaluationUseCase, CreateOnlineEvaluationUseCase, GetOnlineEvaluationUseCase, ListOnlineEvaluationsUseCase,
  ListOnlineExecutionsUseCase, NO_EXECUTIONS, SetOnlineEvaluationActiveUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { answerPage, listed, pageRequest } from '../http/paging';
import { PageQueryDto } from '../wire/common.wire';
import {
  BackfillDto, BackfillOnlineEvaluationDto, CreateOnlineEvaluationDto, OnlineEvaluationDto, OnlineExecutionDto, OnlineExecutionsQueryDto,
  UpdateOnlineEvaluationDto,
} from '../wire/online-evaluation.wire';
import { presentOnlineEvaluation, presentOnlineExecution } from '../presenters/online-evaluation.presenter';

const ruleId = new IdPipe('online evaluation');

/** ARCHITECTURE §18: evaluators run on sampled live traces of an app, their results scores. */
@ApiTags('online-evaluations')
@ApiSecurity('ApiKey')
@Controller('online-evaluations')
export class OnlineEvaluationsController {
  constructor(
    private readonly createRule: CreateOnlineEvaluationUseCase,
    private readonly listRules: ListOnlineEvaluationsUseCase,
    private readonly getRule: GetOnlineEvaluationUseCase,
    private readonly setActive: SetOnlineEvaluationActiveUseCase,
    private readonly listExecutions: ListOnlineExecutionsUseCase,
    private readonly backfillRule: BackfillOnlineEvaluationUseCase,
  ) {}

  @Post()
  @HttpCode(200)
  @ZodResponse({ status: 200, type: OnlineEvaluationDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateOnlineEvaluationDto) {
    const rule = await this.createRule.execute(actor, {
      name: body.name, evaluatorConfigId: body.evaluator_config_id, appId: body.app_id, environment: body.environment,
      filter: body.filter, samplingRate: body.sampling_rate, delaySeconds: body.delay_seconds,
    });
    return presentOnlineEvaluation({ rule, counts: NO_EXECUTIONS });
  }

  @Get()
  @ZodResponse({ status: 200, type: [OnlineEvaluationDto] })
  async list(@CurrentActor() actor: Actor, @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return answerPage(req, res, await listed(() => this.listRules.execute(actor, pageRequest(query, 'bounded'))), presentOnlineEvaluation);
  }

  @Get(':rule_id')
  @ZodResponse({ status: 200, type: OnlineEvaluationDto })
  async get(@CurrentActor() actor: Actor, @Param('rule_id', ruleId) id: string) {
    return presentOnlineEvaluation(await this.getRule.execute(actor, id));
  }

  @Patch(':rule_id')
  @ZodResponse({ status: 200, type: OnlineEvaluationDto })
  async update(@CurrentActor() actor: Actor, @Param('rule_id', ruleId) id: string, @Body() body: UpdateOnlineEvaluationDto) {
    return presentOnlineEvaluation(await this.setActive.execute(actor, id, body.active));
  }

  @Get(':rule_id/executions')
  @ZodResponse({ status: 200, type: [OnlineExecutionDto] })
  async executions(
    @CurrentActor() actor: Actor, @Param('rule_id', ruleId) id: string, @Query() query: OnlineExecutionsQueryDto,
    @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    const page = await listed(() => this.listExecutions.execute(actor, id, query.status, pageRequest(query, 'bounded')));
    return answerPage(req, res, page, presentOnlineExecution);
  }

  /** The traces of the rule's app that started in [from, to) and it has not seen; those sampled in are evaluated as live ones are. */
  @Post(':rule_id/backfill')
  @HttpCode(200)
  @ZodResponse({ status: 200, type: BackfillDto })
  async backfill(@CurrentActor() actor: Actor, @Param('rule_id', ruleId) id: string, @Body() body: BackfillOnlineEvaluationDto) {
    return this.backfillRule.execute(actor, id, new Date(body.from), new Date(body.to));
  }
}
