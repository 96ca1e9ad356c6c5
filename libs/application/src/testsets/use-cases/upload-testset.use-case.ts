import { Injectable } from '@nestjs/common';
import { type Actor, type Testset, DomainError, assertTrustworthyInput } from '@crucible/domain';
import { parseTestsetFile, testsetFileFormat } from '../testset-file.parser';
import type { TestsetFields } from '../testset-input';
import { CreateTestsetUseCase } from './create-testset.use-case';

export interface UploadTestsetInput {
  fileName: string;
  content: string;
  /** 'csv' or 'json' (any case); without it the file name's extension decides. */
  uploadType?: string;
  /** Defaults to the file name without its extension. */
  name?: string;
  appId?: string;
}

const UPLOAD_FIELDS: TestsetFields = { name: 'testset_name', rows: 'file' };

/** A test set from a CSV file (header row, values kept as strings) or a JSON file (array of objects). */
@Injectable()
export class UploadTestsetUseCase {
  constructor(private readonly createTestset: CreateTestsetUseCase) {}

  async execute(actor: Actor, input: UploadTestsetInput): Promise<Testset> {
    const format = testsetFileFormat(input.fileName, input.uploadType);
    if (!format) {
      throw DomainError.invalidInput([{
        field: ['upload_type'],
        reason: `cannot tell the format of "${input.fileName}": name it .csv or .json, or send upload_type csv or json`,
        rule: 'invalid_value',
      }]);
    }
    assertTrustworthyInput({ testset_name: input.name, app_id: input.appId, file: input.fileName });
    const parsed = parseTestsetFile(input.content, format);
    if (!parsed.ok) throw DomainError.invalidInput([{ field: ['file'], reason: parsed.message, rule: parsed.rule }]);
    // The file's rows get the same check as a JSON body's: one rule, wherever the text came from.
    assertTrustworthyInput(parsed.rows, ['file']);
    const name = input.name ?? input.fileName.replace(/\.[^.]*$/, '');
    return this.createTestset.execute(actor, { name, rows: parsed.rows, appId: input.appId }, UPLOAD_FIELDS);
  }
}
