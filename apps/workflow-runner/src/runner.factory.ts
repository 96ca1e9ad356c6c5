import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigService } from '@nestjs/config';
import type { Logger } from 'pino';
import {
  type CoreConfig, CrucibleNestLogger, type CrucibleConfigService, type HttpServerLimits, applyHttpServerLimits, createLogger,
  environmentOf, httpServerLimitsOf,
} from '@crucible/platform';
import { RunnerModule } from './runner.module';

export interface RunnerOptions extends CoreConfig {
  logger?: Logger;
  /** Default: the api's (§19): its health endpoint is as exposed to slow sockets. */
  serverLimits?: Partial<HttpServerLimits>;
}

export async function createRunnerApp(options: RunnerOptions): Promise<INestApplication> {
  const logger = options.logger ?? createLogger('crucible-workflow-runner');
  const app = await NestFactory.create(RunnerModule.forRoot({ ...options, logger }), { logger: new CrucibleNestLogger(logger), abortOnError: false });
  app.enableShutdownHooks();
  const environment = environmentOf(app.get(ConfigService) as CrucibleConfigService);
  applyHttpServerLimits(app.getHttpServer(), { ...httpServerLimitsOf(environment), ...options.serverLimits });
  return app;
}
