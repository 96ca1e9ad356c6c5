import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class CreateProjectDto {
  @ApiProperty({ example: 'support-bot' })
  @IsString() @IsNotEmpty() @MaxLength(200)
  name: string;
}

export class CreateApiKeyDto {
  @ApiPropertyOptional({ example: 'ci' })
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200)
  name?: string;
}
