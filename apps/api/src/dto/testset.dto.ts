import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import {
  ArrayNotEmpty, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID,
} from 'class-validator';

const ROWS_SCHEMA: ApiPropertyOptions = {
  type: 'array',
  description: 'One object per row, every row with the same columns; values are strings, numbers, booleans or null',
  items: { type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }], nullable: true } },
  example: [{ country: 'France', correct_answer: 'Paris' }, { country: 'Peru', correct_answer: 'Lima' }],
};

/*
 * csvdata is checked row by row by the use case (ragged rows, non-scalar values), which names the row
 * in its 422; here only its type is.
 */
export class CreateTestsetDto {
  @ApiProperty({ example: 'capitals' })
  @IsString() @IsNotEmpty()
  name: string;

  @ApiProperty(ROWS_SCHEMA)
  @IsArray()
  csvdata: unknown[];

  @ApiPropertyOptional({ description: 'The app the test set belongs to; absent → the whole project' })
  @IsOptional() @IsString() @IsUUID()
  app_id?: string;
}

export class UpdateTestsetDto {
  @ApiPropertyOptional({ example: 'capitals v2' })
  @IsOptional() @IsString() @IsNotEmpty()
  name?: string;

  @ApiPropertyOptional({ ...ROWS_SCHEMA, description: 'Replaces every row (and the columns)' })
  @IsOptional() @IsArray()
  csvdata?: unknown[];
}

export class ListTestsetsQueryDto {
  @ApiPropertyOptional({ description: "Only this app's test sets" })
  @IsOptional() @IsString() @IsUUID()
  app_id?: string;
}

export class DeleteTestsetsDto {
  @ApiProperty({ type: [String], format: 'uuid' })
  @IsArray() @ArrayNotEmpty() @IsUUID('all', { each: true })
  testset_ids: string[];
}

/** The text fields of the multipart upload; the file itself arrives as `file`. */
export class UploadTestsetDto {
  @ApiPropertyOptional({ description: 'Defaults to the file name without its extension' })
  @IsOptional() @IsString() @IsNotEmpty()
  testset_name?: string;

  @ApiPropertyOptional({ enum: ['csv', 'json'], description: "Defaults to the file name's extension (case does not matter)" })
  @IsOptional() @IsString() @IsIn(['csv', 'json', 'CSV', 'JSON'])
  upload_type?: string;

  @ApiPropertyOptional()
  @IsOptional() @IsString() @IsUUID()
  app_id?: string;
}
