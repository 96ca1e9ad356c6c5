import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import { ChangeMemberRoleUseCase, ListMembersUseCase, RemoveMemberUseCase } from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { answerPage, listed, pageRequest } from '../http/paging';
import { PageQueryDto } from '../wire/common.wire';
import { ChangeMemberRoleDto, MemberDto } from '../wire/invitation.wire';
import { presentMember } from '../presenters/invitation.presenter';

/** A project's people and their roles; only an owner makes or unmakes owners, and the last owner stays (409). */
@ApiTags('access')
@ApiSecurity('ApiKey')
@Controller('projects/:project_id/members')
export class MembersController {
  constructor(
    private readonly listMembers: ListMembersUseCase,
    private readonly changeRole: ChangeMemberRoleUseCase,
    private readonly removeMember: RemoveMemberUseCase,
  ) {}

  /** By the time they joined. */
  @Get()
  @ZodResponse({ status: 200, type: [MemberDto] })
  async list(
    @CurrentActor() actor: Actor, @Param('project_id', new IdPipe('project')) projectId: string,
    @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    return answerPage(req, res, await listed(() => this.listMembers.execute(actor, projectId, pageRequest(query, 'bounded'))), presentMember);
  }

  @Patch(':user_id')
  @ZodResponse({ status: 200, type: MemberDto })
  async update(
    @CurrentActor() actor: Actor, @Param('project_id', new IdPipe('project')) projectId: string,
    @Param('user_id', new IdPipe('member')) userId: string, @Body() body: ChangeMemberRoleDto,
  ) {
    return presentMember(await this.changeRole.execute(actor, { projectId, userId, role: body.role }));
  }

  @Delete(':user_id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed from the project (the account stays)' })
  async remove(
    @CurrentActor() actor: Actor, @Param('project_id', new IdPipe('project')) projectId: string,
    @Param('user_id', new IdPipe('member')) userId: string,
  ): Promise<void> {
    await this.removeMember.execute(actor, { projectId, userId });
  }
}
