import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayNotEmpty, IsArray, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, Max, Min, ValidateNested,
} from 'class-validator';
import { RATE_LIMIT_BOUNDS as B } from '@crucible/domain';
import { PageQueryDto } from '../http/paging';

/** Units: seconds (ARCHITECTURE §3). */
export class RateLimitDto {
  @ApiProperty({ minimum: B.batch_size.min, maximum: B.batch_size.max, description: 'rows invoked concurrently' })
  @IsInt() @Min(B.batch_size.min) @Max(B.batch_size.max)
  batch_size: number;

  @ApiProperty({ minimum: B.max_retries.min, maximum: B.max_retries.max, description: 'further tries on connection errors, time-outs, 429 and 5xx' })
  @IsInt() @Min(B.max_retries.min) @Max(B.max_retries.max)
  max_retries: number;

  @ApiProperty({ minimum: B.retry_delay.min, maximum: B.retry_delay.max, description: 'seconds between tries' })
  @IsInt() @Min(B.retry_delay.min) @Max(B.retry_delay.max)
  retry_delay: number;

  @ApiProperty({ minimum: B.delay_between_batches.min, maximum: B.delay_between_batches.max, description: 'seconds between batches' })
  @IsInt() @Min(B.delay_between_batches.min) @Max(B.delay_between_batches.max)
  delay_between_batches: number;
}

/** Seed operation 2. */
export class CreateEvaluationDto {
  @ApiProperty() @IsString() @IsUUID()
  app_id: string;

  @ApiProperty({ type: [String], description: 'variant revision ids; one evaluation each' })
  @IsArray() @ArrayNotEmpty() @IsUUID('all', { each: true })
  revisions_ids: string[];

  @ApiProperty({ type: [String], description: 'evaluator config ids' })
  @IsArray() @IsUUID('all', { each: true })
  evaluators_configs: string[];

  @ApiProperty() @IsString() @IsUUID()
  testset_id: string;

  @ApiProperty({ type: RateLimitDto })
  @IsObject() @ValidateNested() @Type(() => RateLimitDto)
  rate_limit: RateLimitDto;

  @ApiPropertyOptional({ example: 'correct_answer' })
  @IsOptional() @IsString() @IsNotEmpty()
  correct_answer_column?: string;
}

export class ListEvaluationsQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsUUID()
  app_id?: string;
}

export class DeleteEvaluationsDto {
  @ApiProperty({ type: [String] })
  @IsArray() @ArrayNotEmpty() @IsUUID('all', { each: true })
  evaluations_ids: string[];
}

export class ComparisonQueryDto {
  @ApiProperty({ description: 'comma-separated evaluation ids' })
  @IsString() @IsNotEmpty()
  evaluations_ids: string;
}

export class CreateEvaluatorConfigDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsUUID()
  app_id?: string;

  @ApiProperty() @IsString() @IsNotEmpty()
  name: string;

  @ApiProperty({ example: 'auto_exact_match' }) @IsString() @IsNotEmpty()
  evaluator_key: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  settings_values?: Record<string, unknown>;
}

export class UpdateEvaluatorConfigDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty()
  name?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty()
  evaluator_key?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  settings_values?: Record<string, unknown>;
}
