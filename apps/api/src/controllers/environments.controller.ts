import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Actor } from '@crucible/domain';
import { DeployUseCase, ResolveConfigUseCase, RevertEnvironmentUseCase } from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import {
  ConfigQueryDto, DeployDto, DeploymentDto, EnvironmentRevisionDto, ResolvedConfigDto, RevertDto,
} from '../wire/environment.wire';
import { presentEnvironmentRevision, presentResolvedConfig } from '../presenters/registry.presenter';

const environmentRevisionId = new IdPipe('environment revision');

@ApiTags('environments')
@ApiSecurity('ApiKey')
@Controller()
export class EnvironmentsController {
  constructor(
    private readonly deploy: DeployUseCase,
    private readonly revert: RevertEnvironmentUseCase,
    private readonly resolveConfig: ResolveConfigUseCase,
  ) {}

  @Post('environments/deploy')
  @ZodResponse({ status: 200, type: DeploymentDto })
  async deployRevision(@CurrentActor() actor: Actor, @Body() body: DeployDto) {
    const revision = await this.deploy.execute(actor, {
      appId: body.app_id ?? undefined, environmentName: body.environment_name, variantId: body.variant_id,
      revision: body.revision ?? undefined, commitMessage: body.commit_message ?? undefined,
    });
    return { environment_name: body.environment_name, ...presentEnvironmentRevision(revision) };
  }

  @Post('environments/revisions/:environment_revision_id/revert')
  @ZodResponse({ status: 200, type: EnvironmentRevisionDto })
  async revertTo(
    @CurrentActor() actor: Actor,
    @Param('environment_revision_id', environmentRevisionId) id: string,
    @Body() body: RevertDto,
  ) {
    return presentEnvironmentRevision(await this.revert.execute(actor, { environmentRevisionId: id, commitMessage: body.commit_message ?? undefined }));
  }

  /** Agenta's path for the same revert. */
  @Post('configs/deployment/:environment_revision_id/revert')
  @ZodResponse({ status: 200, type: EnvironmentRevisionDto })
  async revertDeployment(
    @CurrentActor() actor: Actor,
    @Param('environment_revision_id', environmentRevisionId) id: string,
    @Body() body: RevertDto,
  ) {
    return this.revertTo(actor, id, body);
  }

  /** The SDK's config registry. */
  @Get('configs')
  @ZodResponse({ status: 200, type: ResolvedConfigDto })
  async config(@CurrentActor() actor: Actor, @Query() query: ConfigQueryDto) {
    const environment = query.environment ?? '';
    const reference = query.variant_id
      ? { variantId: query.variant_id, revision: query.revision }
      : query.app_id === undefined && query.app_name !== undefined
        ? { appName: query.app_name, environment }
        : { appId: query.app_id ?? '', environment };
    return presentResolvedConfig(await this.resolveConfig.execute(actor, reference));
  }
}
