import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { id, nonEmpty, nullable, pageQuerySchema, timestamp } from './common.wire';

/*
 * csvdata is checked row by row by the use case (ragged rows, non-scalar values), which names the row
 * in its 422; here only its type is.
 */
const rows = z.array(z.unknown()).meta({
  description: 'One object per row, every row with the same columns; values are strings, numbers, booleans or null',
  example: [{ country: 'France', correct_answer: 'Paris' }, { country: 'Peru', correct_answer: 'Lima' }],
});

export class CreateTestsetDto extends createZodDto(z.object({
  name: nonEmpty.meta({ example: 'capitals' }),
  csvdata: rows,
  app_id: id.describe('The app the test set belongs to; absent → the whole project').nullish(),
})) {}

export class UpdateTestsetDto extends createZodDto(z.object({
  name: nonEmpty.nullish(),
  csvdata: rows.describe('Replaces every row (and the columns)').nullish(),
})) {}

/** Traces to test-set rows (ARCHITECTURE §18): which traces, and what each column reads of them. */
const rowsFromTracesSchema = z.object({
  trace_ids: z.array(z.string().min(1).max(128)).min(1).max(1000).describe('one row per trace, in this order (an id given twice counts once)'),
  mapping: z.record(z.string().min(1).max(200), z.string().max(300)).describe(
    'column → `inputs.<name>` (the trace\'s input), `output`, or `attributes.<name>` (its root span\'s); every row also gets `trace_id`',
  ).meta({ example: { question: 'inputs.question', correct_answer: 'output' } }),
});
export class TestsetRowsFromTracesDto extends createZodDto(rowsFromTracesSchema) {}
export class CreateTestsetFromTracesDto extends createZodDto(rowsFromTracesSchema.extend({
  name: nonEmpty.meta({ example: 'hard questions from production' }),
  app_id: id.describe('The app the test set belongs to; absent → the whole project').nullish(),
})) {}

export class ListTestsetsQueryDto extends createZodDto(pageQuerySchema.extend({ app_id: id.optional().describe("Only this app's test sets") })) {}

const versionNumber = z.coerce.number().int().min(1).max(2_147_483_647);

export class TestsetVersionQueryDto extends createZodDto(z.object({
  version: versionNumber.optional().describe('Read this version of the rows; absent → the latest'),
})) {}

export class TestsetDiffQueryDto extends createZodDto(z.object({
  from: versionNumber.describe('The older version'),
  to: versionNumber.describe('The newer version'),
})) {}

export class DeleteTestsetsDto extends createZodDto(z.object({ testset_ids: z.array(id).min(1) })) {}

/** Agenta's clients send the upload type in capitals. */
export const UPLOAD_TYPES = ['csv', 'json', 'CSV', 'JSON'] as const;

/** The text fields of the multipart upload; the file itself arrives as `file`. */
export class UploadTestsetDto extends createZodDto(z.object({
  testset_name: nonEmpty.optional().describe('Defaults to the file name without its extension'),
  upload_type: z.enum(UPLOAD_TYPES).optional().describe("Defaults to the file name's extension"),
  app_id: id.optional(),
})) {}

// The text branch carries an example so nestjs-zod keeps an OpenAPI 3.0 anyOf (see nullable in common.wire).
const testsetCell = z.union([z.string().meta({ example: 'Paris' }), z.number(), z.boolean(), z.null()]);

/** `_id` beside `id`: Agenta's clients read either. */
export const testsetSummarySchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  app_id: nullable(z.string()),
  columns: z.array(z.string()),
  version: z.number().int().describe('The latest version: 1 when created, one more with every change of the rows'),
  rows_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export class TestsetSummaryDto extends createZodDto(testsetSummarySchema) {}

export const testsetSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  app_id: nullable(z.string()),
  columns: z.array(z.string()),
  version: z.number().int().describe('Which version these rows are'),
  csvdata: z.array(z.record(z.string(), testsetCell)),
  created_at: timestamp,
  updated_at: timestamp,
});
export class TestsetDto extends createZodDto(testsetSchema) {}

/** Agenta's PUT /testsets/{id} answer. */
export class TestsetUpdatedDto extends createZodDto(z.object({
  _id: z.string(), status: z.literal('success'), message: z.string(),
})) {}

/** Agenta's bulk delete answers the deleted ids. */
export class DeletedTestsetIdsDto extends createZodDto(z.array(z.string())) {}

export const testsetVersionSchema = z.object({
  testset_id: z.string(),
  version: z.number().int(),
  columns: z.array(z.string()),
  rows_count: z.number().int(),
  change: z.enum(['created', 'uploaded', 'rows_replaced', 'before_versioning'])
    .describe('What made it; before_versioning: the rows the test set had when versions began'),
  created_by: nullable(z.string()).describe('The API key that made it; null before versions were recorded'),
  created_at: timestamp,
});
export class TestsetVersionDto extends createZodDto(testsetVersionSchema) {}

const testsetRow = z.record(z.string(), testsetCell);
const indexedRow = z.object({ index: z.number().int(), row: testsetRow });

export const testsetDiffSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  added: z.array(indexedRow).describe('Rows only in `to` (index in `to`)'),
  removed: z.array(indexedRow).describe('Rows only in `from` (index in `from`)'),
  changed: z.array(z.object({ from_index: z.number().int(), to_index: z.number().int(), from: testsetRow, to: testsetRow }))
    .describe('A row of `from` replaced in place by a different row of `to`'),
  unchanged_count: z.number().int().describe('Rows found, by content, in both versions'),
});
export class TestsetDiffDto extends createZodDto(testsetDiffSchema) {}
