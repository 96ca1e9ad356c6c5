import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Logger } from 'pino';
import type { BullMqSettings } from '@crucible/queue';
import {
  type CoreConfig, CrucibleNestLogger, type HttpServerLimits, applyHttpServerLimits, createLogger, httpServerLimitsOf,
} from '@crucible/platform';
import { RunnerModule } from './runner.module';

export interface RunnerOptions extends CoreConfig {
  /** A runner consumes the shared queue: it has no in-process mode. */
  queue: { kind: 'bullmq' } & BullMqSettings;
  logger?: Logger;
  /** Default: the api's (§19): its health endpoint is as exposed to slow sockets. */
  serverLimits?: Partial<HttpServerLimits>;
}

export async function createRunnerApp(options: RunnerOptions): Promise<INestApplication> {
  const logger = options.logger ?? createLogger('crucible-workflow-runner');
  const app = await NestFactory.create(RunnerModule.forRoot({ ...options, logger }), { logger: new CrucibleNestLogger(logger), abortOnError: false });
  app.enableShutdownHooks();
  applyHttpServerLimits(app.getHttpServer(), { ...httpServerLimitsOf(options.environment), ...options.serverLimits });
  return app;
}
