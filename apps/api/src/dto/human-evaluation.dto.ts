import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  Allow, ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID,
} from 'class-validator';
import { HUMAN_EVALUATION_TYPES, type HumanEvaluationType } from '@crucible/domain';

export class CreateHumanEvaluationDto {
  @ApiProperty() @IsString() @IsUUID()
  app_id: string;

  @ApiProperty({ enum: HUMAN_EVALUATION_TYPES })
  @IsString() @IsIn(HUMAN_EVALUATION_TYPES)
  evaluation_type: HumanEvaluationType;

  @ApiProperty({ type: [String], description: 'variant revision ids: two for human_a_b_testing, one for single_model_test' })
  @IsArray() @ArrayNotEmpty() @IsUUID('all', { each: true })
  revisions_ids: string[];

  @ApiProperty() @IsString() @IsUUID()
  testset_id: string;

  @ApiPropertyOptional({ type: [String], description: 'test-set columns shown as inputs; default: all but the correct answer' })
  @IsOptional() @IsArray() @ArrayNotEmpty() @IsString({ each: true }) @IsNotEmpty({ each: true })
  inputs?: string[];

  @ApiPropertyOptional({ example: 'correct_answer' })
  @IsOptional() @IsString() @IsNotEmpty()
  correct_answer_column?: string;
}

export class ListHumanEvaluationsQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsUUID()
  app_id?: string;
}

export class DeleteHumanEvaluationsDto {
  @ApiProperty({ type: [String] })
  @IsArray() @ArrayNotEmpty() @IsUUID('all', { each: true })
  evaluations_ids: string[];
}

/** Vote and score depend on the kind of test, so the use case checks them (422 on body.vote / body.score). */
export class UpdateHumanScenarioDto {
  @ApiPropertyOptional({ description: 'A/B test: a compared variant (revision) id, "1" (both good) or "0" (both bad); null clears' })
  @Allow()
  vote?: unknown;

  @ApiPropertyOptional({ description: 'single-model test: an integer 1-5 (or its string); null clears', oneOf: [{ type: 'integer' }, { type: 'string' }] })
  @Allow()
  score?: unknown;

  @ApiPropertyOptional() @IsOptional() @IsString()
  correct_answer?: string | null;

  @ApiPropertyOptional() @IsOptional() @IsBoolean()
  is_pinned?: boolean | null;

  @ApiPropertyOptional() @IsOptional() @IsString()
  note?: string | null;
}

export const EXPORT_FORMATS = ['json', 'csv'] as const;

export class ExportHumanEvaluationQueryDto {
  @ApiPropertyOptional({ enum: EXPORT_FORMATS, default: 'json' })
  @IsOptional() @IsString() @IsIn(EXPORT_FORMATS)
  format?: (typeof EXPORT_FORMATS)[number];
}
