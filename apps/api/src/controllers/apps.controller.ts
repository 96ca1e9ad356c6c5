import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Actor } from '@crucible/domain';
import {
  CreateAppUseCase, CreateVariantFromServiceUseCase, DeleteAppUseCase, GetAppUseCase, GetEnvironmentHistoryUseCase,
  ListAppsUseCase, ListEnvironmentsUseCase, ListVariantsUseCase, RenameAppUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { CreateAppDto, CreateVariantFromServiceDto } from '../dto/registry.dto';
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
    private readonly deleteApp: DeleteAppUseCase,
    private readonly listVariants: ListVariantsUseCase,
    private readonly createVariantFromService: CreateVariantFromServiceUseCase,
    private readonly listEnvironments: ListEnvironmentsUseCase,
    private readonly environmentHistory: GetEnvironmentHistoryUseCase,
    private readonly renameApp: RenameAppUseCase,
  ) {}

  @Post()
  async create(@CurrentActor() actor: Actor, @Body() body: CreateAppDto) {
    return presentApp(await this.createApp.execute(actor, { appName: body.app_name }));
  }

  @Get()
  async list(@CurrentActor() actor: Actor) {
    return (await this.listApps.execute(actor)).map(presentApp);
  }

  @Get(':app_id')
  async get(@CurrentActor() actor: Actor, @Param('app_id', new IdPipe('app')) appId: string) {
    return presentApp(await this.getApp.execute(actor, appId));
  }

  @Patch(':app_id')
  async rename(@CurrentActor() actor: Actor, @Param('app_id', new IdPipe('app')) appId: string, @Body() body: CreateAppDto) {
    return presentApp(await this.renameApp.execute(actor, { appId, appName: body.app_name }));
  }

  @Delete(':app_id')
  @HttpCode(204)
  async remove(@CurrentActor() actor: Actor, @Param('app_id', new IdPipe('app')) appId: string): Promise<void> {
    await this.deleteApp.execute(actor, appId);
  }

  @Get(':app_id/variants')
  async variants(@CurrentActor() actor: Actor, @Param('app_id', new IdPipe('app')) appId: string) {
    return (await this.listVariants.execute(actor, appId)).map(presentVariant);
  }

  @Post(':app_id/variant/from-service')
  async fromService(
    @CurrentActor() actor: Actor,
    @Param('app_id', new IdPipe('app')) appId: string,
    @Body() body: CreateVariantFromServiceDto,
  ) {
    const view = await this.createVariantFromService.execute(actor, {
      appId, variantName: body.variant_name, url: body.url, routePath: body.route_path, baseName: body.base_name,
      configName: body.config_name, parameters: body.parameters, commitMessage: body.commit_message,
    });
    return presentVariant(view);
  }

  @Get(':app_id/environments')
  async environments(@CurrentActor() actor: Actor, @Param('app_id', new IdPipe('app')) appId: string) {
    return (await this.listEnvironments.execute(actor, appId)).map(presentEnvironment);
  }

  /** Seed operation 4. */
  @Get(':app_id/revisions/:environment_name')
  async environmentRevisions(
    @CurrentActor() actor: Actor,
    @Param('app_id', new IdPipe('app')) appId: string,
    @Param('environment_name') environmentName: string,
  ) {
    return presentEnvironmentHistory(await this.environmentHistory.execute(actor, { appId, environmentName }));
  }
}
