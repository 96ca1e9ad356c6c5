import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Logger } from 'pino';
import { type CoreConfig, CrucibleNestLogger, createLogger } from '@crucible/platform';
import { RunnerModule } from './runner.module';

export interface RunnerOptions extends CoreConfig {
  logger?: Logger;
}

export async function createRunnerApp(options: RunnerOptions): Promise<INestApplication> {
  const logger = options.logger ?? createLogger('crucible-workflow-runner');
  const app = await NestFactory.create(RunnerModule.forRoot({ ...options, logger }), { logger: new CrucibleNestLogger(logger), abortOnError: false });
  app.enableShutdownHooks();
  return app;
}
