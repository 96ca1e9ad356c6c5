import {
  Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UploadedFile, UseInterceptors,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiNoContentResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import { type Actor, summarizeTestset } from '@crucible/domain';
import {
  CreateTestsetUseCase, DeleteTestsetUseCase, DeleteTestsetsUseCase, GetTestsetUseCase, ListTestsetsUseCase,
  UpdateTestsetUseCase, UploadTestsetUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { BodyLimit } from '../http/body-limit.decorator';
import { UploadLimitInterceptor } from '../http/upload-limit';
import { RequestValidationError } from '../http/validation-error';
import { answerPage, listed, pageRequest } from '../http/paging';
import {
  CreateTestsetDto, DeleteTestsetsDto, DeletedTestsetIdsDto, ListTestsetsQueryDto, TestsetDto, TestsetSummaryDto,
  TestsetUpdatedDto, UPLOAD_TYPES, UpdateTestsetDto, UploadTestsetDto,
} from '../wire/testset.wire';
import { presentTestset, presentTestsetSummary } from '../presenters/testset.presenter';

/** What multer's memory storage hands us (the fields we read). */
interface UploadedTestsetFile {
  originalname: string;
  buffer: Buffer;
}

@ApiTags('testsets')
@ApiSecurity('ApiKey')
@Controller('testsets')
export class TestsetsController {
  constructor(
    private readonly createTestset: CreateTestsetUseCase,
    private readonly uploadTestset: UploadTestsetUseCase,
    private readonly listTestsets: ListTestsetsUseCase,
    private readonly getTestset: GetTestsetUseCase,
    private readonly updateTestset: UpdateTestsetUseCase,
    private readonly deleteTestset: DeleteTestsetUseCase,
    private readonly deleteTestsets: DeleteTestsetsUseCase,
  ) {}

  @Post()
  @BodyLimit('upload')
  @ZodResponse({ status: 200, type: TestsetSummaryDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateTestsetDto) {
    const testset = await this.createTestset.execute(actor, { name: body.name, rows: body.csvdata, appId: body.app_id ?? undefined });
    return presentTestsetSummary(summarizeTestset(testset));
  }

  @Post('upload')
  @ZodResponse({ status: 200, type: TestsetSummaryDto })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary', description: 'CSV with a header row, or JSON: an array of objects' },
        testset_name: { type: 'string' },
        upload_type: { type: 'string', enum: [...UPLOAD_TYPES], description: "Defaults to the file name's extension" },
        app_id: { type: 'string', format: 'uuid' },
      },
    },
  })
  // Limits and charset: uploadOptionsProvider (CRUCIBLE_MAX_UPLOAD_BYTES); a declared length over it is refused unread.
  @BodyLimit('upload')
  @UseInterceptors(UploadLimitInterceptor, FileInterceptor('file'))
  async upload(
    @CurrentActor() actor: Actor,
    @UploadedFile() file: UploadedTestsetFile | undefined,
    @Body() body: UploadTestsetDto,
  ) {
    if (!file) throw new RequestValidationError([{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }]);
    const testset = await this.uploadTestset.execute(actor, {
      fileName: file.originalname, content: file.buffer.toString('utf8'), uploadType: body.upload_type,
      name: body.testset_name, appId: body.app_id,
    });
    return presentTestsetSummary(summarizeTestset(testset));
  }

  @Get()
  @ZodResponse({ status: 200, type: [TestsetSummaryDto] })
  async list(
    @CurrentActor() actor: Actor, @Query() query: ListTestsetsQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    const page = await listed(() => this.listTestsets.execute(actor, { appId: query.app_id }, pageRequest(query, 'bounded')));
    return answerPage(req, res, page, presentTestsetSummary);
  }

  @Get(':testset_id')
  @ZodResponse({ status: 200, type: TestsetDto })
  async get(@CurrentActor() actor: Actor, @Param('testset_id', new IdPipe('testset')) testsetId: string) {
    return presentTestset(await this.getTestset.execute(actor, testsetId));
  }

  /** Answers as Agenta does. */
  @Put(':testset_id')
  @BodyLimit('upload')
  @ZodResponse({ status: 200, type: TestsetUpdatedDto })
  async update(
    @CurrentActor() actor: Actor,
    @Param('testset_id', new IdPipe('testset')) testsetId: string,
    @Body() body: UpdateTestsetDto,
  ) {
    const updated = await this.updateTestset.execute(actor, { testsetId, name: body.name ?? undefined, rows: body.csvdata ?? undefined });
    return { _id: updated.id, status: 'success' as const, message: 'testset updated successfully' };
  }

  /** Agenta's bulk delete: ids in the body, answered with the deleted ones; ids the project does not own are skipped. */
  @Delete()
  @ZodResponse({ status: 200, type: DeletedTestsetIdsDto })
  async removeMany(@CurrentActor() actor: Actor, @Body() body: DeleteTestsetsDto) {
    return this.deleteTestsets.execute(actor, body.testset_ids);
  }

  @Delete(':testset_id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  async remove(@CurrentActor() actor: Actor, @Param('testset_id', new IdPipe('testset')) testsetId: string): Promise<void> {
    await this.deleteTestset.execute(actor, testsetId);
  }
}
