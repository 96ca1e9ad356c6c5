import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Actor } from '@crucible/domain';
import { DeployUseCase, ResolveConfigUseCase, RevertEnvironmentUseCase } from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { ConfigQueryDto, DeployDto, RevertDto } from '../dto/environment.dto';
import { presentEnvironmentRevision, presentResolvedConfig } from '../presenters/registry.presenter';

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
  async deployRevision(@CurrentActor() actor: Actor, @Body() body: DeployDto) {
    const revision = await this.deploy.execute(actor, {
      appId: body.app_id, environmentName: body.environment_name, variantId: body.variant_id, revision: body.revision,
      commitMessage: body.commit_message,
    });
    return { environment_name: body.environment_name, ...presentEnvironmentRevision(revision) };
  }

  @Post('environments/revisions/:environment_revision_id/revert')
  async revertTo(
    @CurrentActor() actor: Actor,
    @Param('environment_revision_id', new IdPipe('environment revision')) environmentRevisionId: string,
    @Body() body: RevertDto,
  ) {
    return presentEnvironmentRevision(
      await this.revert.execute(actor, { environmentRevisionId, commitMessage: body.commit_message }),
    );
  }

  /** The SDK's config registry. */
  @Get('configs')
  async config(@CurrentActor() actor: Actor, @Query() query: ConfigQueryDto) {
    const reference = query.variant_id
      ? { variantId: query.variant_id, revision: query.revision }
      : { appId: query.app_id ?? '', environment: query.environment ?? '' };
    return presentResolvedConfig(await this.resolveConfig.execute(actor, reference));
  }
}
