import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { TRACE_SEARCH_MAX_LENGTH } from '@crucible/domain';

/** Filters shared by `GET /traces` and `GET /traces/metrics`. */
export class TraceFilterQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(128)
  app_id?: string;

  @ApiPropertyOptional({ example: 'production' }) @IsOptional() @IsString() @MaxLength(200)
  environment?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(128)
  variant_id?: string;

  @ApiPropertyOptional({ enum: ['ok', 'error'] }) @IsOptional() @IsIn(['ok', 'error'])
  status?: 'ok' | 'error';

  @ApiPropertyOptional({ description: 'ISO-8601 time; traces that started at or after it' }) @IsOptional() @IsISO8601()
  from?: string;

  @ApiPropertyOptional({ description: 'ISO-8601 time; traces that started before it' }) @IsOptional() @IsISO8601()
  to?: string;
}

export class TraceListQueryDto extends TraceFilterQueryDto {
  @ApiPropertyOptional({ description: 'case-insensitive text in inputs or output' })
  @IsOptional() @IsString() @MaxLength(TRACE_SEARCH_MAX_LENGTH)
  q?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000, default: 1000 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000)
  limit?: number;

  @ApiPropertyOptional({ description: 'opaque; from the `Link: rel="next"` header of the previous page' })
  @IsOptional() @IsString() @MaxLength(500)
  cursor?: string;
}

export class TraceMetricsQueryDto extends TraceFilterQueryDto {
  @ApiPropertyOptional({ enum: ['minute', 'hour', 'day'], default: 'hour' }) @IsOptional() @IsIn(['minute', 'hour', 'day'])
  interval?: 'minute' | 'hour' | 'day';
}
