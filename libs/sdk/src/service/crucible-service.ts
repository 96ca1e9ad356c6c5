import express, { Express, NextFunction, Request, Response } from 'express';
import { Server } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { ConfigSchema } from '../schema/schema-definition';
import { bodyErrorHandler, handleRouteCall, unexpectedErrorHandler } from './http-handlers';
import { flushTraces } from '../tracing/export-trace';
import { buildOpenApiDocument, OpenApiDocument } from './openapi-document';
import { createRouteDecorator, RouteDecorator, RouteDefinition, RouteOptions } from './route-definition';

export interface ServiceOptions {
  /** OpenAPI info. */
  title?: string;
  version?: string;
}

export interface ListenOptions {
  /** Default: env PORT, else 8000. 0 picks a free port. */
  port?: number;
  /** Default '0.0.0.0'. */
  host?: string;
}

export interface RunningService {
  /** Base URL, e.g. http://127.0.0.1:8000 (a wildcard host is shown as 127.0.0.1). */
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/**
 * How long a kept-alive connection may sit between two requests. Node's 5 s default closes a connection whose next
 * request is already in the socket when the process was busy for 6 s (a workflow doing synchronous work, a long GC):
 * the close timer runs before the read, and the caller gets a reset for a request it had sent. 72 s, as Fastify, also
 * outlasts the idle timeout of common load balancers (60 s), so they never send on a connection the service closed.
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

interface Endpoint {
  route: RouteDefinition;
  mode: 'playground' | 'deployed';
}

/** One workflow service: its routes, its express app, its /openapi.json. Services are independent of each other. */
export class CrucibleService {
  private readonly routeList: RouteDefinition[] = [];
  private readonly endpoints = new Map<string, Endpoint>();
  private app?: Express;

  constructor(private readonly options: ServiceOptions = {}) {}

  /** Declares a route; throws at once on a bad path, a bad schema or a path already taken. */
  route<C extends object>(path: string, schema: ConfigSchema<C>, options: RouteOptions = {}): RouteDecorator<C> {
    return createRouteDecorator(path, schema, options, (route) => this.register(route as unknown as RouteDefinition));
  }

  /** The route at '/': POST /generate, /playground/run, /generate_deployed and /run. */
  entrypoint<C extends object>(schema: ConfigSchema<C>, options: RouteOptions = {}): RouteDecorator<C> {
    return this.route('/', schema, options);
  }

  get routes(): readonly RouteDefinition[] {
    return this.routeList;
  }

  openApiDocument(): OpenApiDocument {
    return buildOpenApiDocument(this.routeList, {
      title: this.options.title ?? 'Crucible workflow service',
      version: this.options.version ?? '1.0.0',
    });
  }

  /** The express app (for supertest or mounting); routes declared later are served too. */
  expressApp(): Express {
    this.app ??= this.buildApp();
    return this.app;
  }

  listen(options: ListenOptions = {}): Promise<RunningService> {
    const port = options.port ?? Number(process.env.PORT ?? 8000);
    const host = options.host ?? '0.0.0.0';
    const server = this.expressApp().listen(port, host);
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    const sockets = new Set<Socket>();
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.once('listening', () => {
        const address = server.address() as AddressInfo;
        const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
        resolve({
          url: `http://${shownHost}:${address.port}`,
          port: address.port,
          server,
          close: async () => {
            await new Promise<void>((done, fail) => {
              server.close((error) => (error ? fail(error) : done()));
              for (const socket of sockets) socket.destroy();
            });
            await flushTraces();
          },
        });
      });
    });
  }

  private register(route: RouteDefinition): void {
    if (this.routeList.some((existing) => existing.path === route.path)) {
      throw new Error(`Route ${route.path} is already declared on this service`);
    }
    this.routeList.push(route);
    for (const path of route.endpoints.playground) this.endpoints.set(path, { route, mode: 'playground' });
    for (const path of route.endpoints.deployed) this.endpoints.set(path, { route, mode: 'deployed' });
  }

  private buildApp(): Express {
    const app = express();
    app.disable('x-powered-by');
    // Every call is a POST whose answer is never cached: hashing each body for an ETag would be wasted work.
    app.disable('etag');
    app.use(express.json({ limit: '10mb' }));
    app.use(bodyErrorHandler);
    app.get('/health', (_req, res) => void res.json({ status: 'ok' }));
    app.get('/openapi.json', (_req, res) => void res.json(this.openApiDocument()));
    app.use((req: Request, res: Response, next: NextFunction) => {
      const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
      const endpoint = this.endpoints.get(path);
      if (!endpoint) return void res.status(404).json({ detail: 'Not Found' });
      if (req.method !== 'POST') return void res.status(405).set('allow', 'POST').json({ detail: 'Method Not Allowed' });
      handleRouteCall(endpoint.route, endpoint.mode, req, res).catch(next);
    });
    app.use(unexpectedErrorHandler);
    return app;
  }
}

export function createService(options: ServiceOptions = {}): CrucibleService {
  return new CrucibleService(options);
}

/** The service that the top-level route() / entrypoint() / serve() use. */
export const defaultService = new CrucibleService();

export function route<C extends object>(path: string, schema: ConfigSchema<C>, options: RouteOptions = {}): RouteDecorator<C> {
  return defaultService.route(path, schema, options);
}

export function entrypoint<C extends object>(schema: ConfigSchema<C>, options: RouteOptions = {}): RouteDecorator<C> {
  return defaultService.entrypoint(schema, options);
}

/** Starts a service (default: the default service) over HTTP. */
export function serve(options: ListenOptions & { service?: CrucibleService } = {}): Promise<RunningService> {
  return (options.service ?? defaultService).listen(options);
}
