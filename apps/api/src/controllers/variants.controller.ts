import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import { type Actor, DomainError } from '@crucible/domain';
import {
  CreateVariantFromBaseUseCase, DeleteVariantUseCase, GetVariantRevisionUseCase, GetVariantUseCase,
  ListVariantRevisionsUseCase, UpdateVariantParametersUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { answerPage, listed, pageRequest } from '../http/paging';
import { PageQueryDto } from '../wire/common.wire';
import { AddVariantFromBaseDto, UpdateParametersDto, VariantDto, VariantRevisionDto } from '../wire/registry.wire';
import { presentVariant, presentVariantRevision } from '../presenters/registry.presenter';

const revisionNumber = new ParseIntPipe({
  exceptionFactory: () => new DomainError('not_found', 'revision must be a positive integer'),
});

@ApiTags('variants')
@ApiSecurity('ApiKey')
@Controller('variants')
export class VariantsController {
  constructor(
    private readonly createFromBase: CreateVariantFromBaseUseCase,
    private readonly getVariant: GetVariantUseCase,
    private readonly updateParameters: UpdateVariantParametersUseCase,
    private readonly listRevisions: ListVariantRevisionsUseCase,
    private readonly getRevision: GetVariantRevisionUseCase,
    private readonly deleteVariant: DeleteVariantUseCase,
  ) {}

  /** Seed operation 5. */
  @Post('from-base')
  @ZodResponse({ status: 200, type: VariantDto })
  async fromBase(@CurrentActor() actor: Actor, @Body() body: AddVariantFromBaseDto) {
    const view = await this.createFromBase.execute(actor, {
      baseId: body.base_id, newVariantName: body.new_variant_name, newConfigName: body.new_config_name,
      parameters: body.parameters, commitMessage: body.commit_message ?? undefined,
    });
    return presentVariant(view);
  }

  /** Seed operation 3. */
  @Get(':variant_id')
  @ZodResponse({ status: 200, type: VariantDto })
  async get(@CurrentActor() actor: Actor, @Param('variant_id', new IdPipe('variant')) variantId: string) {
    return presentVariant(await this.getVariant.execute(actor, variantId));
  }

  @Put(':variant_id/parameters')
  @ZodResponse({ status: 200, type: VariantDto })
  async update(
    @CurrentActor() actor: Actor,
    @Param('variant_id', new IdPipe('variant')) variantId: string,
    @Body() body: UpdateParametersDto,
  ) {
    return presentVariant(await this.updateParameters.execute(actor, { variantId, parameters: body.parameters, commitMessage: body.commit_message ?? undefined }));
  }

  @Get(':variant_id/revisions')
  @ZodResponse({ status: 200, type: [VariantRevisionDto] })
  async revisions(
    @CurrentActor() actor: Actor, @Param('variant_id', new IdPipe('variant')) variantId: string,
    @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    return answerPage(req, res, await listed(() => this.listRevisions.execute(actor, variantId, pageRequest(query, 'bounded'))), presentVariantRevision);
  }

  @Get(':variant_id/revisions/:revision')
  @ZodResponse({ status: 200, type: VariantRevisionDto })
  async revision(
    @CurrentActor() actor: Actor,
    @Param('variant_id', new IdPipe('variant')) variantId: string,
    @Param('revision', revisionNumber) revision: number,
  ) {
    return presentVariantRevision(await this.getRevision.execute(actor, variantId, revision));
  }

  @Delete(':variant_id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  async remove(@CurrentActor() actor: Actor, @Param('variant_id', new IdPipe('variant')) variantId: string): Promise<void> {
    await this.deleteVariant.execute(actor, variantId);
  }
}
