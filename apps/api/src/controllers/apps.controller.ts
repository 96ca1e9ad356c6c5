import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import {
  CreateAppFromTemplateUseCase, CreateAppUseCase, CreateVariantFromServiceUseCase, CreateVariantFromTemplateUseCase, DeleteAppUseCase,
  GetAppUseCase, GetEnvironmentHistoryUseCase, ListAppsUseCase, ListEnvironmentsUseCase, ListVariantsUseCase, RenameAppUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { answerPage, listed, pageRequest } from '../http/paging';
import { PageQueryDto } from '../wire/common.wire';
import { AppDto, CreateAppDto, CreateVariantFromServiceDto, UpdateAppDto, VariantDto } from '../wire/registry.wire';
import { EnvironmentDto, EnvironmentHistoryDto } from '../wire/environment.wire';
import { CreatedAppDto, CreateVariantFromTemplateDto } from '../wire/prompt.wire';
import {
  presentApp, presentEnvironment, presentEnvironmentHistory, presentVariant,
} from '../presenters/registry.presenter';

@ApiTags('apps')
@ApiSecurity('ApiKey')
@Controller('apps')
export class AppsController {
  constructor(
    private readonly createApp: CreateAppUseCase,
    private readonly listApps: ListAppsUseCase,
    private readonly getApp: GetAppUseCase,
    private readonly renameApp: RenameAppUseCase,
    private readonly deleteApp: DeleteAppUseCase,
    private readonly listVariants: ListVariantsUseCase,
    private readonly createVariantFromService: CreateVariantFromServiceUseCase,
    private readonly listEnvironments: ListEnvironmentsUseCase,
    private readonly environmentHistory: GetEnvironmentHistoryUseCase,
    private readonly createAppFromTemplate: CreateAppFromTemplateUseCase,
    private readonly createVariantFromTemplate: CreateVariantFromTemplateUseCase,
  ) {}

  @Post()
  @ZodResponse({ status: 200, type: CreatedAppDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateAppDto) {
    if (body.template_key === undefined) return presentApp(await this.createApp.execute(actor, { appName: body.app_name }));
    const { app, variant } = await this.createAppFromTemplate.execute(actor, { appName: body.app_name, templateKey: body.template_key });
    return { ...presentApp(app), variant: presentVariant(variant) };
  }

  @Get()
  @ZodResponse({ status: 200, type: [AppDto] })
  async list(@CurrentActor() actor: Actor, @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return answerPage(req, res, await listed(() => this.listApps.execute(actor, pageRequest(query, 'bounded'))), presentApp);
  }

  @Get(':app_id')
  @ZodResponse({ status: 200, type: AppDto })
  async get(@CurrentActor() actor: Actor, @Param('app_id', new IdPipe('app')) appId: string) {
    return presentApp(await this.getApp.execute(actor, appId));
  }

  /** Agenta's rename. */
  @Patch(':app_id')
  @ZodResponse({ status: 200, type: AppDto })
  async rename(@CurrentActor() actor: Actor, @Param('app_id', new IdPipe('app')) appId: string, @Body() body: UpdateAppDto) {
    return presentApp(await this.renameApp.execute(actor, { appId, appName: body.app_name }));
  }

  @Delete(':app_id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted, with everything under it' })
  async remove(@CurrentActor() actor: Actor, @Param('app_id', new IdPipe('app')) appId: string): Promise<void> {
    await this.deleteApp.execute(actor, appId);
  }

  @Get(':app_id/variants')
  @ZodResponse({ status: 200, type: [VariantDto] })
  async variants(
    @CurrentActor() actor: Actor, @Param('app_id', new IdPipe('app')) appId: string,
    @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    return answerPage(req, res, await listed(() => this.listVariants.execute(actor, appId, pageRequest(query, 'bounded'))), presentVariant);
  }

  @Post(':app_id/variant/from-service')
  @ZodResponse({ status: 200, type: VariantDto })
  async fromService(
    @CurrentActor() actor: Actor,
    @Param('app_id', new IdPipe('app')) appId: string,
    @Body() body: CreateVariantFromServiceDto,
  ) {
    const view = await this.createVariantFromService.execute(actor, {
      appId, variantName: body.variant_name, url: body.url, routePath: body.route_path ?? undefined,
      baseName: body.base_name ?? undefined, configName: body.config_name ?? undefined,
      parameters: body.parameters ?? undefined, commitMessage: body.commit_message ?? undefined,
    });
    return presentVariant(view);
  }

  /** ARCHITECTURE §16: a variant Crucible runs itself (uri `crucible:builtin:<template>:v1`). */
  @Post(':app_id/variant/from-template')
  @ZodResponse({ status: 200, type: VariantDto })
  async fromTemplate(
    @CurrentActor() actor: Actor,
    @Param('app_id', new IdPipe('app')) appId: string,
    @Body() body: CreateVariantFromTemplateDto,
  ) {
    return presentVariant(await this.createVariantFromTemplate.execute(actor, {
      appId, variantName: body.variant_name, templateKey: body.template_key, parameters: body.parameters ?? undefined,
    }));
  }

  @Get(':app_id/environments')
  @ZodResponse({ status: 200, type: [EnvironmentDto] })
  async environments(
    @CurrentActor() actor: Actor, @Param('app_id', new IdPipe('app')) appId: string,
    @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    return answerPage(req, res, await listed(() => this.listEnvironments.execute(actor, appId, pageRequest(query, 'bounded'))), presentEnvironment);
  }

  /** Seed operation 4. */
  @Get(':app_id/revisions/:environment_name')
  @ZodResponse({ status: 200, type: EnvironmentHistoryDto })
  async environmentRevisions(
    @CurrentActor() actor: Actor,
    @Param('app_id', new IdPipe('app')) appId: string,
    @Param('environment_name') environmentName: string,
  ) {
    return presentEnvironmentHistory(await this.environmentHistory.execute(actor, { appId, environmentName }));
  }
}
