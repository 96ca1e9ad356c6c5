import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Actor } from '@crucible/domain';
import type { EvaluatorDescriptor } from '@crucible/evaluators';
import {
  CreateEvaluatorConfigUseCase, DeleteEvaluatorConfigUseCase, GetEvaluatorConfigUseCase, ListEvaluatorConfigsUseCase,
  ListEvaluatorsUseCase, RunEvaluatorUseCase, UpdateEvaluatorConfigUseCase, pageOfList,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { answerPage, listed, pageRequest } from '../http/paging';
import { PageQueryDto, PagedAppScopeQueryDto } from '../wire/common.wire';
import {
  CreateEvaluatorConfigDto, EvaluatorConfigDto, EvaluatorDto, UpdateEvaluatorConfigDto,
} from '../wire/evaluator.wire';
import { presentEvaluator, presentEvaluatorConfig } from '../presenters/evaluator.presenter';
import { EvaluatorRunResponseDto, RunEvaluatorDto } from '../wire/evaluation-review.wire';

@ApiTags('evaluators')
@ApiSecurity('ApiKey')
@Controller('evaluators')
export class EvaluatorsController {
  constructor(
    private readonly listEvaluators: ListEvaluatorsUseCase,
    private readonly createConfig: CreateEvaluatorConfigUseCase,
    private readonly listConfigs: ListEvaluatorConfigsUseCase,
    private readonly getConfig: GetEvaluatorConfigUseCase,
    private readonly updateConfig: UpdateEvaluatorConfigUseCase,
    private readonly deleteConfig: DeleteEvaluatorConfigUseCase,
    private readonly runEvaluator: RunEvaluatorUseCase,
  ) {}

  /** The built-in catalog: keys, settings templates, whether an LLM is needed. */
  @Get()
  @ZodResponse({ status: 200, type: [EvaluatorDto] })
  async catalog(@CurrentActor() _actor: Actor, @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    // The application port keeps the catalog opaque (libs/evaluators defines its entries and depends on the port).
    const catalog = this.listEvaluators.execute() as readonly EvaluatorDescriptor[];
    const page = await listed(async () => pageOfList(catalog, pageRequest(query, 'bounded'), (e) => e.key));
    return answerPage(req, res, page, presentEvaluator);
  }

  @Post('configs')
  @ZodResponse({ status: 200, type: EvaluatorConfigDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateEvaluatorConfigDto) {
    return presentEvaluatorConfig(await this.createConfig.execute(actor, {
      appId: body.app_id ?? undefined, name: body.name, evaluatorKey: body.evaluator_key, settingsValues: body.settings_values ?? {},
    }));
  }

  @Get('configs')
  @ZodResponse({ status: 200, type: [EvaluatorConfigDto] })
  async list(
    @CurrentActor() actor: Actor, @Query() query: PagedAppScopeQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    return answerPage(req, res, await listed(() => this.listConfigs.execute(actor, query.app_id, pageRequest(query, 'bounded'))), presentEvaluatorConfig);
  }

  @Get('configs/:config_id')
  @ZodResponse({ status: 200, type: EvaluatorConfigDto })
  async get(@CurrentActor() actor: Actor, @Param('config_id', new IdPipe('evaluator config')) id: string) {
    return presentEvaluatorConfig(await this.getConfig.execute(actor, id));
  }

  @Put('configs/:config_id')
  @ZodResponse({ status: 200, type: EvaluatorConfigDto })
  async update(
    @CurrentActor() actor: Actor,
    @Param('config_id', new IdPipe('evaluator config')) id: string,
    @Body() body: UpdateEvaluatorConfigDto,
  ) {
    return presentEvaluatorConfig(await this.updateConfig.execute(actor, {
      id, name: body.name ?? undefined, evaluatorKey: body.evaluator_key ?? undefined, settingsValues: body.settings_values ?? undefined,
    }));
  }

  @Delete('configs/:config_id')
  /** Agenta answers `true` for a deleted config. */
  @ApiOkResponse({ schema: { type: 'boolean', enum: [true] } })
  async remove(@CurrentActor() actor: Actor, @Param('config_id', new IdPipe('evaluator config')) id: string): Promise<true> {
    await this.deleteConfig.execute(actor, id);
    return true;
  }

  /** Tries an evaluator on one sample output before its config is saved, as Agenta's `POST /evaluators/{key}/run`. */
  @Post(':evaluator_key/run')
  @ZodResponse({ status: 200, type: EvaluatorRunResponseDto })
  async run(@CurrentActor() actor: Actor, @Param('evaluator_key') key: string, @Body() body: RunEvaluatorDto) {
    const result = await this.runEvaluator.execute({
      projectId: actor.projectId, evaluatorKey: key, settingsValues: body.settings_values ?? {}, inputs: body.inputs ?? {}, output: body.output,
      correctAnswer: body.correct_answer, appParams: body.app_params ?? {},
    });
    return { result };
  }
}
