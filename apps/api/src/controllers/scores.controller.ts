import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import {
  ArchiveScoreConfigUseCase, CreateScoreConfigUseCase, CreateScoreUseCase, GetScoreConfigUseCase, ListScoreConfigsUseCase, ListScoresUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { answerPage, listed, pageRequest } from '../http/paging';
import {
  CreateScoreConfigDto, CreateScoreDto, ScoreConfigDto, ScoreConfigListQueryDto, ScoreDto, ScoreListQueryDto, UpdateScoreConfigDto,
} from '../wire/score.wire';
import { presentScore, presentScoreConfig } from '../presenters/score.presenter';

const configId = new IdPipe('score config');

/** ARCHITECTURE §18: score configs, and scores on traces and spans from the api, the SDK and people. */
@ApiTags('scores')
@ApiSecurity('ApiKey')
@Controller()
export class ScoresController {
  constructor(
    private readonly createConfig: CreateScoreConfigUseCase,
    private readonly listConfigs: ListScoreConfigsUseCase,
    private readonly getConfig: GetScoreConfigUseCase,
    private readonly archiveConfig: ArchiveScoreConfigUseCase,
    private readonly createScore: CreateScoreUseCase,
    private readonly listScores: ListScoresUseCase,
  ) {}

  @Post('score-configs')
  @HttpCode(200)
  @ZodResponse({ status: 200, type: ScoreConfigDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateScoreConfigDto) {
    const config = await this.createConfig.execute(actor, {
      name: body.name, dataType: body.data_type, min: body.min, max: body.max, categories: body.categories, description: body.description,
    });
    return presentScoreConfig(config);
  }

  @Get('score-configs')
  @ZodResponse({ status: 200, type: [ScoreConfigDto] })
  async list(@CurrentActor() actor: Actor, @Query() query: ScoreConfigListQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const archived = query.archived === undefined ? undefined : query.archived === 'true';
    const page = await listed(() => this.listConfigs.execute(actor, { archived }, pageRequest(query, 'bounded')));
    return answerPage(req, res, page, presentScoreConfig);
  }

  @Get('score-configs/:config_id')
  @ZodResponse({ status: 200, type: ScoreConfigDto })
  async get(@CurrentActor() actor: Actor, @Param('config_id', configId) id: string) {
    return presentScoreConfig(await this.getConfig.execute(actor, id));
  }

  @Patch('score-configs/:config_id')
  @ZodResponse({ status: 200, type: ScoreConfigDto })
  async update(@CurrentActor() actor: Actor, @Param('config_id', configId) id: string, @Body() body: UpdateScoreConfigDto) {
    return presentScoreConfig(await this.archiveConfig.execute(actor, id, body.archived));
  }

  /** Idempotent by `id`: the same id again answers the score first stored under it, whatever else was sent. */
  @Post('scores')
  @HttpCode(200)
  @ZodResponse({ status: 200, type: ScoreDto })
  async score(@CurrentActor() actor: Actor, @Body() body: CreateScoreDto) {
    const { score } = await this.createScore.execute(actor, {
      id: body.id, traceId: body.trace_id, spanId: body.span_id, name: body.name, value: body.value, stringValue: body.string_value,
      comment: body.comment, configId: body.config_id, source: body.source ?? 'api',
    });
    return presentScore(score);
  }

  @Get('scores')
  @ZodResponse({ status: 200, type: [ScoreDto] })
  async scores(@CurrentActor() actor: Actor, @Query() query: ScoreListQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const filter = {
      traceId: query.trace_id, sessionId: query.session_id, name: query.name, source: query.source,
      from: query.from ? new Date(query.from) : undefined, to: query.to ? new Date(query.to) : undefined,
    };
    return answerPage(req, res, await listed(() => this.listScores.execute(actor, filter, pageRequest(query, 'bounded'))), presentScore);
  }
}
