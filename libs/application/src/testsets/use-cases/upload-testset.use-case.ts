import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  type Actor, type InputViolation, type TestsetRow, type TestsetSummary, DomainError, TestsetRowsChecker, assertTrustworthyInput,
  findUntrustedInput,
} from '@crucible/domain';
import { TestsetRepository } from '../ports';
import { type TestsetFileFormat, type TestsetFileProblem, readTestsetFile, testsetFileFormat } from '../testset-file.parser';
import { StagedTestsetRows } from '../staged-testset-rows';
import { type TestsetFields, checkedName, rowsRefused } from '../testset-input';
import { GetAppUseCase } from '../../registry/use-cases/get-app.use-case';

/** The form's text fields. */
export interface UploadFields {
  /** 'csv' or 'json' (any case); without it the file name's extension decides. */
  uploadType?: string;
  /** Defaults to the file name without its extension. */
  name?: string;
  appId?: string;
}

export interface UploadTestsetInput {
  fileName: string;
  /** The file's bytes as they arrive; read once, to the end. */
  content: AsyncIterable<Uint8Array>;
  /** upload_type as known when the file began: it decides how the file is read. */
  uploadType?: string;
  /** Every field of the form, those after the file included: settles once the whole body was read. */
  fields: Promise<UploadFields>;
}

const UPLOAD_FIELDS: TestsetFields = { name: 'testset_name', rows: 'file' };

const formatRefused = (reason: string): DomainError => DomainError.invalidInput([{ field: ['upload_type'], reason, rule: 'invalid_value' }]);

/** What reading the file found, kept until the form's fields are in, to answer in the order a whole-file read did. */
interface FileReading {
  problem: TestsetFileProblem | null;
  untrusted?: InputViolation;
  rows: TestsetRowsChecker;
}

/**
 * A test set from a CSV file (header row, values kept as strings) or a JSON file (array of objects), written as it
 * is read: memory holds a batch of rows, not the file, and nothing is created unless the whole file is good.
 */
@Injectable()
export class UploadTestsetUseCase {
  constructor(
    private readonly testsets: TestsetRepository,
    private readonly getApp: GetAppUseCase,
  ) {}

  async execute(actor: Actor, input: UploadTestsetInput): Promise<TestsetSummary> {
    const format = testsetFileFormat(input.fileName, input.uploadType);
    if (!format) throw formatRefused(`cannot tell the format of "${input.fileName}": name it .csv or .json, or send upload_type csv or json`);
    const staged = new StagedTestsetRows(this.testsets, actor.projectId);
    try {
      const reading = await this.read(input.content, format, staged);
      return await this.create(actor, input, format, await input.fields, reading, staged);
    } catch (error) {
      await staged.discard();
      throw error;
    }
  }

  private async read(content: AsyncIterable<Uint8Array>, format: TestsetFileFormat, staged: StagedTestsetRows): Promise<FileReading> {
    const reading: FileReading = { problem: null, rows: new TestsetRowsChecker() };
    let index = 0;
    let firstUntrustedText: InputViolation | undefined;
    reading.problem = await readTestsetFile(content, format, async (row) => {
      const untrusted = findUntrustedInput(row, ['file', index++]);
      // A whole-file check met the text rows first, then the last object row with a problem: the same one is named.
      if (typeof row === 'string') firstUntrustedText ??= untrusted;
      else if (untrusted) reading.untrusted = untrusted;
      const good = reading.rows.add(row) && !reading.untrusted && !firstUntrustedText;
      if (good) await staged.add(row as TestsetRow);
    });
    reading.untrusted = firstUntrustedText ?? reading.untrusted;
    return reading;
  }

  private async create(
    actor: Actor, input: UploadTestsetInput, format: TestsetFileFormat, fields: UploadFields, reading: FileReading, staged: StagedTestsetRows,
  ): Promise<TestsetSummary> {
    if (fields.uploadType && testsetFileFormat(input.fileName, fields.uploadType) !== format) {
      throw formatRefused(`upload_type ${fields.uploadType} came after the file, which was read as ${format}: send upload_type before the file`);
    }
    assertTrustworthyInput({ testset_name: fields.name, app_id: fields.appId, file: input.fileName });
    if (reading.problem) throw DomainError.invalidInput([{ field: ['file'], reason: reading.problem.message, rule: reading.problem.rule }]);
    // The file's rows get the same check as a JSON body's: one rule, wherever the text came from.
    if (reading.untrusted) throw DomainError.invalidInput([reading.untrusted]);
    const name = checkedName(fields.name ?? input.fileName.replace(/\.[^.]*$/, ''), UPLOAD_FIELDS);
    const verdict = reading.rows.verdict();
    if (!verdict.ok) throw rowsRefused(verdict.violations, UPLOAD_FIELDS);
    if (fields.appId) await this.getApp.execute(actor, fields.appId);
    const now = new Date();
    const testset = { id: randomUUID(), projectId: actor.projectId, appId: fields.appId ?? null, name, columns: verdict.columns, createdAt: now, updatedAt: now };
    await staged.create(testset, { change: 'uploaded', createdBy: actor.name });
    return { ...testset, version: 1, rowsCount: verdict.count };
  }
}
