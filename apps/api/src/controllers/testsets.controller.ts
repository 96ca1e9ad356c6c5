import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiBody, ApiConsumes, ApiNoContentResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import { type Actor, summarizeTestset } from '@crucible/domain';
import {
  AddTestsetRowsFromTracesUseCase, CreateTestsetFromTracesUseCase, CreateTestsetUseCase, DeleteTestsetUseCase,
  DeleteTestsetsUseCase, GetTestsetUseCase, ListTestsetsUseCase, type UploadFields, UpdateTestsetUseCase,
  UploadTestsetUseCase, testsetFileFormat, DiffTestsetVersionsUseCase, ListTestsetVersionsUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { BodyLimit } from '../http/body-limit.decorator';
import { MAX_UPLOAD_BYTES } from '../http/upload-limit';
import { type UploadForm, readUploadForm } from '../http/upload-form';
import { withSpooledFile } from '../http/spooled-file';
import { tooLargeDetail } from '../http/json-body.middleware';
import { parseWire } from '../http/validation.pipe';
import { RequestValidationError } from '../http/validation-error';
import { answerPage, listed, pageRequest } from '../http/paging';
import {
  CreateTestsetDto, CreateTestsetFromTracesDto, DeleteTestsetsDto, TestsetRowsFromTracesDto, DeletedTestsetIdsDto,
  ListTestsetsQueryDto, TestsetDto, TestsetSummaryDto, TestsetUpdatedDto, UPLOAD_TYPES, UpdateTestsetDto,
  UploadTestsetDto, TestsetDiffDto, TestsetDiffQueryDto, TestsetVersionDto, TestsetVersionQueryDto,
} from '../wire/testset.wire';
import { PageQueryDto } from '../wire/common.wire';
import {
  presentTestset, presentTestsetDiff, presentTestsetSummary, presentTestsetVersion,
} from '../presenters/testset.presenter';

/** The form's text fields, refused with the 422 a JSON body's would get. */
function uploadFieldsOf(fields: Record<string, string>): UploadFields {
  const body = parseWire(UploadTestsetDto.schema, fields, 'body');
  return { uploadType: body.upload_type, name: body.testset_name, appId: body.app_id };
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
    private readonly createFromTraces: CreateTestsetFromTracesUseCase,
    private readonly addRowsFromTraces: AddTestsetRowsFromTracesUseCase,
    private readonly listVersions: ListTestsetVersionsUseCase,
    private readonly diffVersions: DiffTestsetVersionsUseCase,
    @Inject(MAX_UPLOAD_BYTES) private readonly maxUploadBytes: number,
  ) {}

  @Post()
  @BodyLimit('upload')
  @ZodResponse({ status: 200, type: TestsetSummaryDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateTestsetDto) {
    const testset = await this.createTestset.execute(actor, { name: body.name, rows: body.csvdata, appId: body.app_id ?? undefined });
    return presentTestsetSummary(summarizeTestset(testset));
  }

  /** A new test set of a row per trace (ARCHITECTURE §18); 422 naming a bad mapping, 404 naming an unknown trace. */
  @Post('from-traces')
  @ZodResponse({ status: 200, type: TestsetSummaryDto })
  async createFromTraceRows(@CurrentActor() actor: Actor, @Body() body: CreateTestsetFromTracesDto) {
    const testset = await this.createFromTraces.execute(actor, {
      name: body.name, traceIds: body.trace_ids, mapping: body.mapping, appId: body.app_id ?? undefined,
    });
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
  // A declared length over CRUCIBLE_MAX_UPLOAD_BYTES is refused unread (jsonBody); a longer file is cut off at it.
  @BodyLimit('upload')
  async upload(@CurrentActor() actor: Actor, @Req() req: Request) {
    const form = await readUploadForm(req, {
      fileField: 'file', maxFileBytes: this.maxUploadBytes, tooLarge: tooLargeDetail('upload', this.maxUploadBytes),
    });
    try {
      return presentTestsetSummary(await this.uploadFrom(actor, form));
    } catch (error) {
      form.abandon();
      throw error;
    }
  }

  /**
   * Streamed when the file's format is known as it begins (upload_type before it, or its name's extension); the
   * fields after it are awaited by the use case. Otherwise the file waits on disk for the rest of the form.
   */
  private async uploadFrom(actor: Actor, form: UploadForm) {
    const file = form.file;
    if (!file) {
      uploadFieldsOf(await form.fields);
      throw RequestValidationError.of('body', ['file'], 'Field required', 'required');
    }
    const early = UploadTestsetDto.schema.safeParse(form.fieldsBeforeFile);
    if (early.success && testsetFileFormat(file.name, early.data.upload_type)) {
      const fields = form.fields.then(uploadFieldsOf);
      fields.catch(() => undefined); // awaited once the file was read; a refusal before then is not unhandled
      return this.uploadTestset.execute(actor, { fileName: file.name, content: file.content, uploadType: early.data.upload_type, fields });
    }
    return withSpooledFile(file.content, async (spooled) => {
      const fields = uploadFieldsOf(await form.fields);
      return this.uploadTestset.execute(actor, { fileName: file.name, content: spooled(), uploadType: fields.uploadType, fields: Promise.resolve(fields) });
    });
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
  async get(
    @CurrentActor() actor: Actor, @Param('testset_id', new IdPipe('testset')) testsetId: string, @Query() query: TestsetVersionQueryDto,
  ) {
    return presentTestset(await this.getTestset.execute(actor, testsetId, query.version));
  }

  /** §10 list, oldest first: every version of the rows, counted, never loaded. */
  @Get(':testset_id/versions')
  @ZodResponse({ status: 200, type: [TestsetVersionDto] })
  async versions(
    @CurrentActor() actor: Actor, @Param('testset_id', new IdPipe('testset')) testsetId: string,
    @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response,
  ) {
    const page = await listed(() => this.listVersions.execute(actor, testsetId, pageRequest(query, 'bounded')));
    return answerPage(req, res, page, presentTestsetVersion);
  }

  /** Rows added, removed and changed from one version to another, matched by content. */
  @Get(':testset_id/diff')
  @ZodResponse({ status: 200, type: TestsetDiffDto })
  async diff(
    @CurrentActor() actor: Actor, @Param('testset_id', new IdPipe('testset')) testsetId: string, @Query() query: TestsetDiffQueryDto,
  ) {
    return presentTestsetDiff(await this.diffVersions.execute(actor, testsetId, query.from, query.to));
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

  /** A row per trace appended; the mapping names the set's columns (all but `trace_id`, which every such row gets). */
  @Post(':testset_id/rows/from-traces')
  @ZodResponse({ status: 200, type: TestsetSummaryDto })
  async addTraceRows(
    @CurrentActor() actor: Actor,
    @Param('testset_id', new IdPipe('testset')) testsetId: string,
    @Body() body: TestsetRowsFromTracesDto,
  ) {
    return presentTestsetSummary(await this.addRowsFromTraces.execute(actor, { testsetId, traceIds: body.trace_ids, mapping: body.mapping }));
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
