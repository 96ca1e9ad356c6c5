import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { RateLimitDto } from './evaluation.dto';

export const EVALUATION_EXPORT_FORMATS = ['json', 'csv'] as const;

export class ExportEvaluationQueryDto {
  @ApiPropertyOptional({ enum: EVALUATION_EXPORT_FORMATS, default: 'json' })
  @IsOptional() @IsString() @IsIn(EVALUATION_EXPORT_FORMATS)
  format?: (typeof EVALUATION_EXPORT_FORMATS)[number];
}

export class RerunEvaluationDto {
  @ApiPropertyOptional({ type: RateLimitDto, description: 'defaults to the rate limit of the evaluation re-run' })
  @IsOptional() @IsObject() @ValidateNested() @Type(() => RateLimitDto)
  rate_limit?: RateLimitDto;
}

const ANY_JSON = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'object', additionalProperties: true }, { type: 'array', items: {} }];

/** One sample to try an evaluator on, before saving its config. */
export class RunEvaluatorDto {
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'settings, as in an evaluator config' })
  @IsOptional() @IsObject()
  settings_values?: Record<string, unknown>;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'the test-set row' })
  @IsOptional() @IsObject()
  inputs?: Record<string, unknown>;

  @ApiProperty({ description: 'what the application answered (any JSON value)', oneOf: ANY_JSON })
  @IsDefined()
  output: unknown;

  @ApiPropertyOptional({ description: 'the ground truth, if the evaluator needs one', oneOf: ANY_JSON })
  @IsOptional()
  correct_answer?: unknown;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'parameters of the revision' })
  @IsOptional() @IsObject()
  app_params?: Record<string, unknown>;
}

class ResultErrorDto {
  @ApiProperty() message: string;
  @ApiPropertyOptional() stacktrace?: string;
}

export class ResultDto {
  @ApiProperty({ enum: ['status', 'number', 'bool', 'text', 'object', 'error', 'latency', 'cost'] }) type: string;
  @ApiPropertyOptional({ description: 'any JSON value' }) value?: unknown;
  @ApiPropertyOptional({ type: ResultErrorDto, nullable: true }) error?: ResultErrorDto | null;
}

export class EvaluatorRunResponseDto {
  @ApiProperty({ type: ResultDto }) result: ResultDto;
}
