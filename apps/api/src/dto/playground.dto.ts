import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsObject, IsOptional, Min } from 'class-validator';

export class PlaygroundRunDto {
  @ApiProperty({ type: 'object', additionalProperties: true, example: { input: 'What is the capital of France?' } })
  @IsObject()
  inputs: Record<string, unknown>;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: "Overrides on top of the revision's parameters" })
  @IsOptional() @IsObject()
  config?: Record<string, unknown>;

  @ApiPropertyOptional({ description: "Start from this revision's parameters (default: the latest)" })
  @IsOptional() @IsInt() @Min(1)
  revision?: number;
}
