import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { type Actor, DomainError } from '@crucible/domain';
import {
  CreateVariantFromBaseUseCase, DeleteVariantUseCase, GetVariantRevisionUseCase, GetVariantUseCase,
  ListVariantRevisionsUseCase, UpdateVariantParametersUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { AddVariantFromBaseDto, UpdateParametersDto } from '../dto/registry.dto';
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
  async fromBase(@CurrentActor() actor: Actor, @Body() body: AddVariantFromBaseDto) {
    const view = await this.createFromBase.execute(actor, {
      baseId: body.base_id, newVariantName: body.new_variant_name, newConfigName: body.new_config_name,
      parameters: body.parameters, commitMessage: body.commit_message,
    });
    return presentVariant(view);
  }

  /** Seed operation 3. */
  @Get(':variant_id')
  async get(@CurrentActor() actor: Actor, @Param('variant_id', new IdPipe('variant')) variantId: string) {
    return presentVariant(await this.getVariant.execute(actor, variantId));
  }

  @Put(':variant_id/parameters')
  async update(
    @CurrentActor() actor: Actor,
    @Param('variant_id', new IdPipe('variant')) variantId: string,
    @Body() body: UpdateParametersDto,
  ) {
    await this.updateParameters.execute(actor, { variantId, parameters: body.parameters, commitMessage: body.commit_message });
    return presentVariant(await this.getVariant.execute(actor, variantId));
  }

  @Get(':variant_id/revisions')
  async revisions(@CurrentActor() actor: Actor, @Param('variant_id', new IdPipe('variant')) variantId: string) {
    return (await this.listRevisions.execute(actor, variantId)).map(presentVariantRevision);
  }

  @Get(':variant_id/revisions/:revision')
  async revision(
    @CurrentActor() actor: Actor,
    @Param('variant_id', new IdPipe('variant')) variantId: string,
    @Param('revision', revisionNumber) revision: number,
  ) {
    return presentVariantRevision(await this.getRevision.execute(actor, variantId, revision));
  }

  @Delete(':variant_id')
  @HttpCode(204)
  async remove(@CurrentActor() actor: Actor, @Param('variant_id', new IdPipe('variant')) variantId: string): Promise<void> {
    await this.deleteVariant.execute(actor, variantId);
  }
}
