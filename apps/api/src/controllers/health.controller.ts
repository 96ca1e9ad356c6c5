import { Controller, Get, HttpException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ZodResponse, createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { DataSource } from 'typeorm';
import { Public } from '../http/public.decorator';

class HealthDto extends createZodDto(z.object({ status: z.literal('ok'), database: z.literal('up') })) {}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Public()
  @Get()
  @ZodResponse({ status: 200, type: HealthDto })
  async health() {
    try {
      await this.dataSource.query('SELECT 1');
      return { status: 'ok' as const, database: 'up' as const };
    } catch (error) {
      throw new HttpException({ message: `database unreachable: ${(error as Error).message}` }, 503);
    }
  }
}
