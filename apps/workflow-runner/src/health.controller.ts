import { Controller, Get, HttpException } from '@nestjs/common';
import { DataSource } from 'typeorm';

@Controller('health')
export class RunnerHealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  async health() {
    try {
      await this.dataSource.query('SELECT 1');
      return { status: 'ok', service: 'workflow-runner', database: 'up' };
    } catch (error) {
      throw new HttpException({ detail: `database unreachable: ${(error as Error).message}` }, 503);
    }
  }
}
