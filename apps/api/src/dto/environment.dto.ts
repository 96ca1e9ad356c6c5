import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, Min, ValidateIf } from 'class-validator';

export class DeployDto {
  @ApiProperty() @IsString() @IsUUID()
  app_id: string;

  @ApiProperty({ example: 'production' }) @IsString() @IsNotEmpty()
  environment_name: string;

  @ApiProperty() @IsString() @IsUUID()
  variant_id: string;

  @ApiPropertyOptional({ description: "Defaults to the variant's latest revision" })
  @IsOptional() @IsInt() @Min(1)
  revision?: number;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000)
  commit_message?: string;
}

export class RevertDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000)
  commit_message?: string;
}

/** GET /configs: either app_id + environment, or variant_id (+ revision). */
export class ConfigQueryDto {
  @ApiPropertyOptional() @ValidateIf((q: ConfigQueryDto) => q.variant_id === undefined) @IsString() @IsUUID()
  app_id?: string;

  @ApiPropertyOptional({ example: 'production' }) @ValidateIf((q: ConfigQueryDto) => q.app_id !== undefined) @IsString() @IsNotEmpty()
  environment?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @IsUUID()
  variant_id?: string;

  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1)
  revision?: number;
}
