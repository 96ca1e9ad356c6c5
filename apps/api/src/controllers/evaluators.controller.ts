import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Actor } from '@crucible/domain';
import {
  CreateEvaluatorConfigUseCase, DeleteEvaluatorConfigUseCase, GetEvaluatorConfigUseCase, ListEvaluatorConfigsUseCase,
  ListEvaluatorsUseCase, RunEvaluatorUseCase, UpdateEvaluatorConfigUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { CreateEvaluatorConfigDto, ListEvaluationsQueryDto, UpdateEvaluatorConfigDto } from '../dto/evaluation.dto';
import { presentEvaluatorConfig } from '../presenters/evaluation.presenter';
import { EvaluatorRunResponseDto, RunEvaluatorDto } from '../dto/evaluation-review.dto';

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
  catalog(@CurrentActor() _actor: Actor) {
    return this.listEvaluators.execute();
  }

  @Post('configs')
  async create(@CurrentActor() actor: Actor, @Body() body: CreateEvaluatorConfigDto) {
    return presentEvaluatorConfig(await this.createConfig.execute(actor, {
      appId: body.app_id, name: body.name, evaluatorKey: body.evaluator_key, settingsValues: body.settings_values ?? {},
    }));
  }

  @Get('configs')
  async list(@CurrentActor() actor: Actor, @Query() query: ListEvaluationsQueryDto) {
    return (await this.listConfigs.execute(actor, query.app_id)).map(presentEvaluatorConfig);
  }

  @Get('configs/:config_id')
  async get(@CurrentActor() actor: Actor, @Param('config_id', new IdPipe('evaluator config')) id: string) {
    return presentEvaluatorConfig(await this.getConfig.execute(actor, id));
  }

  @Put('configs/:config_id')
  async update(
    @CurrentActor() actor: Actor,
    @Param('config_id', new IdPipe('evaluator config')) id: string,
    @Body() body: UpdateEvaluatorConfigDto,
  ) {
    return presentEvaluatorConfig(await this.updateConfig.execute(actor, {
      id, name: body.name, evaluatorKey: body.evaluator_key, settingsValues: body.settings_values,
    }));
  }

  @Delete('configs/:config_id')
  @HttpCode(204)
  async remove(@CurrentActor() actor: Actor, @Param('config_id', new IdPipe('evaluator config')) id: string): Promise<void> {
    await this.deleteConfig.execute(actor, id);
  }

  /** Tries an evaluator on one sample output before its config is saved, as Agenta's `POST /evaluators/{key}/run`. */
  @Post(':evaluator_key/run')
  @HttpCode(200)
  @ApiOkResponse({ type: EvaluatorRunResponseDto })
  async run(@CurrentActor() _actor: Actor, @Param('evaluator_key') key: string, @Body() body: RunEvaluatorDto): Promise<EvaluatorRunResponseDto> {
    const result = await this.runEvaluator.execute({
      evaluatorKey: key, settingsValues: body.settings_values ?? {}, inputs: body.inputs ?? {}, output: body.output,
      correctAnswer: body.correct_answer, appParams: body.app_params ?? {},
    });
    return { result };
  }
}
