import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DependencyHealth, type HealthReport } from '@crucible/platform';

@Controller('health')
export class RunnerHealthController {
  constructor(private readonly health: DependencyHealth) {}

  /** 200 when every dependency answers; 503 naming the one that does not. */
  @Get()
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthReport & { service: string }> {
    const report = await this.health.check();
    if (report.status !== 'ok') response.status(503);
    return { ...report, service: 'workflow-runner' };
  }
}
