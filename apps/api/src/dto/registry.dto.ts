import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

export class CreateAppDto {
  @ApiProperty({ example: 'support-bot' })
  @IsString() @IsNotEmpty()
  app_name: string;
}

export class CreateVariantFromServiceDto {
  @ApiProperty({ example: 'gpt4o-concise' })
  @IsString() @IsNotEmpty()
  variant_name: string;

  @ApiProperty({ example: 'http://127.0.0.1:8100', description: 'Base URL of the running SDK service' })
  @IsString() @IsNotEmpty()
  url: string;

  @ApiPropertyOptional({ example: '/', description: 'Route of the service this variant calls' })
  @IsOptional() @IsString()
  route_path?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty()
  base_name?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty()
  config_name?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Defaults to the route schema defaults' })
  @IsOptional() @IsObject()
  parameters?: Record<string, unknown>;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000)
  commit_message?: string;
}

/** Seed operation 5. */
export class AddVariantFromBaseDto {
  @ApiProperty() @IsString() @IsUUID()
  base_id: string;

  @ApiProperty() @IsString() @IsNotEmpty()
  new_variant_name: string;

  @ApiProperty() @IsString() @IsNotEmpty()
  new_config_name: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsObject()
  parameters: Record<string, unknown>;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000)
  commit_message?: string;
}

export class UpdateParametersDto {
  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsObject()
  parameters: Record<string, unknown>;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000)
  commit_message?: string;
}
