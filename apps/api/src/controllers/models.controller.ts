import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Actor } from '@crucible/domain';
import { CreateCustomModelUseCase, DeleteCustomModelUseCase, ListModelsUseCase, UpdateCustomModelUseCase } from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { answerPage, listed, pageRequest } from '../http/paging';
import { CreateCustomModelDto, ModelDto, ModelListQueryDto, UpdateCustomModelDto } from '../wire/model.wire';
import { presentModel } from '../presenters/model.presenter';

/** ARCHITECTURE §15: the model catalog with prices, and the project's custom models. */
@ApiTags('models')
@ApiSecurity('ApiKey')
@Controller('models')
export class ModelsController {
  constructor(
    private readonly listModels: ListModelsUseCase,
    private readonly createModel: CreateCustomModelUseCase,
    private readonly updateModel: UpdateCustomModelUseCase,
    private readonly deleteModel: DeleteCustomModelUseCase,
  ) {}

  /** Ordered by id; `available` says whether a connection of the project serves each. */
  @Get()
  @ZodResponse({ status: 200, type: [ModelDto] })
  async list(@CurrentActor() actor: Actor, @Query() query: ModelListQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const page = await listed(() => this.listModels.execute(actor, { provider: query.provider, q: query.q }, pageRequest(query, 'bounded')));
    return answerPage(req, res, page, presentModel);
  }

  @Post()
  @HttpCode(200)
  @ZodResponse({ status: 200, type: ModelDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateCustomModelDto) {
    return presentModel(await this.createModel.execute(actor, {
      providerConnectionId: body.provider_connection_id, name: body.name, inputPricePerMtok: body.input_price_per_mtok,
      outputPricePerMtok: body.output_price_per_mtok, cachedInputPricePerMtok: body.cached_input_price_per_mtok, matchPattern: body.match_pattern,
    }));
  }

  /** `id`: the custom model's `custom_model_id`, or its listed id URL-encoded; catalog models cannot be changed (409). */
  @Patch(':id')
  @ZodResponse({ status: 200, type: ModelDto })
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: UpdateCustomModelDto) {
    return presentModel(await this.updateModel.execute(actor, id, {
      name: body.name, inputPricePerMtok: body.input_price_per_mtok, outputPricePerMtok: body.output_price_per_mtok,
      cachedInputPricePerMtok: body.cached_input_price_per_mtok, matchPattern: body.match_pattern,
    }));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    await this.deleteModel.execute(actor, id);
  }
}
