import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import cookieParser from 'cookie-parser';
import type { Logger } from 'pino';
import { BootstrapDefaultProjectUseCase, IssueSetupLinkUseCase, OutboundGuard } from '@crucible/application';
import {
  CRUCIBLE_ENVIRONMENT, type CoreConfig, type CrucibleEnvironment, CrucibleNestLogger, type HttpBodyLimits, type HttpServerLimits, applyHttpServerLimits, createLogger, httpBodyLimitsOf,
  httpServerLimitsOf, parseEnvironment,
} from '@crucible/platform';
import { ApiModule } from './api.module';
import { HttpErrorFilter, toHttpError } from './http/exception.filter';
import { RequestValidationPipe } from './http/validation.pipe';
import { requestLogging } from './http/request-logging';
import { rejectUntrustedInput } from './http/untrusted-input.middleware';
import { buildOpenApiDocument } from './openapi';
import type { TraceRetention } from './jobs/trace-retention.scheduler';
import { consoleStatic } from './http/console-static';
import { routeTable } from './http/route-table';
import { keyBeforeBody } from './http/key-before-body.middleware';
import { jsonBody } from './http/json-body.middleware';
import { otlpProtobufBody } from './http/otlp-protobuf-body.middleware';
import { securityHeaders } from './http/security-headers';
import { RequestAuthenticator } from './http/request-authenticator';
import { leanRoute } from './http/lean-route';
import { leanInvokeRoute } from './controllers/gateway.controller';

export interface ApiOptions extends Omit<CoreConfig, 'environment'> {
  /** Default: process.env, parsed here (main.ts passes the one it parsed). */
  environment?: CoreConfig['environment'];
  logger?: Logger;
  /** Default: CRUCIBLE_MAX_BODY_BYTES, CRUCIBLE_MAX_TRACE_BODY_BYTES, CRUCIBLE_MAX_UPLOAD_BYTES. */
  bodyLimits?: Partial<HttpBodyLimits>;
  /** Default: §19's timeouts and CRUCIBLE_MAX_CONNECTIONS. */
  serverLimits?: Partial<HttpServerLimits>;
  /** Default: CRUCIBLE_TRACE_RETENTION_DAYS (30). */
  traceRetention?: TraceRetention;
  /** The built web console (dist/apps/web); served at /ui/. */
  consoleDir?: string;
}

export async function createApiApp(options: ApiOptions): Promise<INestApplication> {
  const logger = options.logger ?? createLogger('crucible-api');
  const environment = options.environment ?? parseEnvironment(process.env);
  const module = ApiModule.forRoot({ ...options, environment, logger, maxUploadBytes: options.bodyLimits?.maxUploadBytes });
  const app = await NestFactory.create<NestExpressApplication>(module, {
    bodyParser: false,
    abortOnError: false,
    logger: new CrucibleNestLogger(logger),
  });
  applyHttpServerLimits(app.getHttpServer(), { ...httpServerLimitsOf(environment), ...options.serverLimits });
  app.disable('x-powered-by');
  app.use(requestLogging(logger));
  app.use(securityHeaders());
  if (options.consoleDir) app.use(consoleStatic(options.consoleDir));
  const traitsOf = routeTable(app);
  app.use(cookieParser());
  app.use(keyBeforeBody(traitsOf, app.get(RequestAuthenticator)));
  const bodyLimits = { ...httpBodyLimitsOf(environment), ...options.bodyLimits };
  app.use(jsonBody(traitsOf, bodyLimits));
  app.use(otlpProtobufBody(bodyLimits.maxTraceBodyBytes));
  // Body-parser errors never reach Nest's filters; answer them here in the same shape.
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const mapped = toHttpError(error);
    if (!mapped) return next(error);
    res.status(mapped.status).json(mapped.body);
  });
  app.use(rejectUntrustedInput);
  app.use(leanRoute(app, leanInvokeRoute));
  app.useGlobalPipes(new RequestValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter(logger));
  app.enableShutdownHooks();
  protectOwnSocket(app);

  // Built on the first request for /openapi.json or /docs (then kept): most starts never need it.
  const document = () => buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'openapi.json' });
  return app;
}

/** A webhook or variant pointed at the api itself is refused, whatever CRUCIBLE_ALLOWED_PRIVATE_HOSTS allows. */
function protectOwnSocket(app: INestApplication): void {
  const server = app.getHttpServer() as import('node:http').Server;
  server.on('listening', () => {
    const address = server.address();
    if (address && typeof address === 'object') app.get(OutboundGuard).protectListeningSocket(address);
  });
}

/**
 * First start on an empty database: create the default project and say its key once. Later starts with a
 * CRUCIBLE_BOOTSTRAP_API_KEY the database does not know: add it to the default project (logged without the key);
 * one that was revoked stays revoked (a warning says so).
 */
export async function bootstrapDefaultProject(app: INestApplication, logger: Logger, rawKey?: string): Promise<void> {
  const outcome = await app.get(BootstrapDefaultProjectUseCase).execute({ rawKey });
  if (outcome.kind === 'key_added') {
    logger.info({ project_id: outcome.project.id, api_key_id: outcome.key.id, prefix: outcome.key.prefix },
      'added CRUCIBLE_BOOTSTRAP_API_KEY to the default project as an admin key');
    return;
  }
  if (outcome.kind === 'revoked_key_ignored') {
    logger.warn({ project_id: outcome.key.projectId, api_key_id: outcome.key.id, revoked_at: outcome.key.revokedAt },
      'ignored CRUCIBLE_BOOTSTRAP_API_KEY: that key was revoked and stays revoked (set a new key, or unset the variable)');
    return;
  }
  await announceSetupLink(app, logger);
  if (outcome.kind !== 'created') return;
  logger.info({ project_id: outcome.created.project.id }, 'created the default project');
  if (!rawKey) {
    process.stdout.write(`\n  Crucible API key for project "default" (shown once, keep it):\n\n    ${outcome.created.rawKey}\n\n`);
  }
}

/**
 * No account yet: print a one-time link that makes the first one, owner of the default project. It is printed once
 * the server listens, so it names the port it got; CRUCIBLE_PUBLIC_URL, when set, is used instead.
 */
async function announceSetupLink(app: INestApplication, logger: Logger): Promise<void> {
  const token = await app.get(IssueSetupLinkUseCase).execute();
  if (!token) return;
  const publicUrl = app.get<CrucibleEnvironment>(CRUCIBLE_ENVIRONMENT).CRUCIBLE_PUBLIC_URL;
  const server = app.getHttpServer() as import('node:http').Server;
  const print = () => {
    const address = server.address();
    const base = publicUrl ?? `http://localhost:${address && typeof address === 'object' ? address.port : ''}`;
    const link = `${base.replace(/\/+$/, '')}/ui/setup?token=${encodeURIComponent(token)}`;
    logger.info('no account yet: printed the first-run setup link');
    process.stdout.write(`\n  Create the first Crucible account (owner of project "default") at this one-time link:\n\n    ${link}\n\n`);
  };
  if (server.listening) print();
  else server.once('listening', print);
}
