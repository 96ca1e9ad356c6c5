import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DependencyHealth, type HealthReport } from '@crucible/platform';

@Controller('health')
export class RunnerHealthController {
  constructor(private readonly dependencies: DependencyHealth) {}

  /** 200 when every dependency answers; 503 naming the one that does not. */
  @Get()
  async health(@Res({ passthrough: true }) response: Response): Promise<HealthReport & { service: string }> {
    const report = await this.dependencies.check();
    if (report.status !== 'ok') response.status(503);
    return { ...report, service: 'workflow-runner' };
  }
}
