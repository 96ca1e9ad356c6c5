import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import {
  type Caller, CreateApiKeyUseCase, CreateProjectUseCase, DeleteApiKeyUseCase, DeleteProjectUseCase, GetCurrentProjectUseCase, ListApiKeysUseCase,
  ListProjectsUseCase,
} from '@crucible/application';
import { CurrentActor, CurrentCaller } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { answerPage, listed, pageRequest } from '../http/paging';
import { PageQueryDto } from '../wire/common.wire';
import {
  ApiKeyDto, CreateApiKeyDto, CreateProjectDto, CreatedProjectDto, CurrentProjectDto, IssuedApiKeyDto,
} from '../wire/access.wire';
import { ProjectWithRoleDto } from '../wire/auth.wire';
import { presentApiKey } from '../presenters/registry.presenter';
import { presentProjectWithRole } from '../presenters/account.presenter';

@ApiTags('access')
@ApiSecurity('ApiKey')
@Controller('projects')
export class AccessController {
  constructor(
    private readonly createProject: CreateProjectUseCase,
    private readonly createApiKey: CreateApiKeyUseCase,
    private readonly listApiKeys: ListApiKeysUseCase,
    private readonly deleteApiKey: DeleteApiKeyUseCase,
    private readonly currentProject: GetCurrentProjectUseCase,
    private readonly listProjects: ListProjectsUseCase,
    private readonly deleteProject: DeleteProjectUseCase,
  ) {}

  /** A person's projects with their role in each; for an API key, its own project with the key's role. */
  @Get()
  @ZodResponse({ status: 200, type: [ProjectWithRoleDto] })
  async list(@CurrentCaller() caller: Caller) {
    return (await this.listProjects.execute(caller)).map(presentProjectWithRole);
  }

  /** The caller's project and the key it signed in with (the console's header). */
  @Get('current')
  @ZodResponse({ status: 200, type: CurrentProjectDto })
  async current(@CurrentActor() actor: Actor) {
    const project = await this.currentProject.execute(actor);
    return {
      project_id: project.id,
      name: project.name,
      created_at: project.createdAt.toISOString(),
      api_key: { id: actor.id, name: actor.name },
    };
  }

  /**
   * A signed-in person owns the project they create; an admin API key gets the new project's first key, shown once.
   */
  @Post()
  @ZodResponse({ status: 200, type: CreatedProjectDto })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateProjectDto) {
    const { project, role, issued } = await this.createProject.execute(caller, { name: body.name });
    return {
      ...presentProjectWithRole({ project, role }),
      project_id: project.id,
      ...(issued ? { api_key: { ...presentApiKey(issued.key), key: issued.rawKey } } : {}),
    };
  }

  /**
   * Owners only (a key is at most an admin): the project and everything in it, in one transaction. Its audit events
   * stay, the last one saying who deleted it; the members' accounts stay too.
   */
  @Delete(':project_id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted, with everything in it' })
  async remove(@CurrentActor() actor: Actor, @Param('project_id', new IdPipe('project')) projectId: string): Promise<void> {
    await this.deleteProject.execute(actor, projectId);
  }

  /** The API keys page: prefix, role, who minted each and when it was last used (never the secret). */
  @Get(':project_id/api-keys')
  @ZodResponse({ status: 200, type: [ApiKeyDto] })
  async listKeys(
    @CurrentActor() actor: Actor, @Param('project_id', new IdPipe('project')) projectId: string,
    @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    return answerPage(req, res, await listed(() => this.listApiKeys.execute(actor, projectId, pageRequest(query, 'bounded'))), presentApiKey);
  }

  @Post(':project_id/api-keys')
  @ZodResponse({ status: 200, type: IssuedApiKeyDto })
  async createKey(
    @CurrentActor() actor: Actor,
    @Param('project_id', new IdPipe('project')) projectId: string,
    @Body() body: CreateApiKeyDto,
  ) {
    const { key, rawKey } = await this.createApiKey.execute(actor, { projectId, name: body.name ?? undefined, role: body.role ?? undefined });
    return { ...presentApiKey(key), key: rawKey };
  }

  @Delete(':project_id/api-keys/:key_id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked' })
  async removeKey(
    @CurrentActor() actor: Actor,
    @Param('project_id', new IdPipe('project')) projectId: string,
    @Param('key_id', new IdPipe('API key')) keyId: string,
  ): Promise<void> {
    await this.deleteApiKey.execute(actor, { projectId, keyId });
  }
}
