import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ZodResponse, createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { Response } from 'express';
import { DependencyHealth, type HealthReport } from '@crucible/platform';
import { Public } from '../http/public.decorator';

const dependencyState = z.enum(['up', 'down']);

/** 200 with everything up, or 503 with the same shape naming what is down in `detail`. */
class HealthDto extends createZodDto(z.object({
  status: z.enum(['ok', 'unavailable']), database: dependencyState, queue: dependencyState, detail: z.string().optional(),
})) {}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly dependencies: DependencyHealth) {}

  /** 200 when every dependency answers; 503 naming the one that does not. */
  @Public()
  @Get()
  @ZodResponse({ status: 200, type: HealthDto })
  async health(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
    const report = await this.dependencies.check();
    if (report.status !== 'ok') response.status(503);
    return report;
  }
}
