import { type CanActivate, type ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import type { Caller } from '@crucible/application';
import { PUBLIC_ROUTE } from './public.decorator';
import { type AuthenticatedRequest, RequestAuthenticator } from './request-authenticator';

/** Every route but the public ones needs an API key or a session cookie (RequestAuthenticator). */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const pathProject = (request.params as Record<string, string | undefined> | undefined)?.['project_id'];
    await this.authenticator.resolve(request, context.switchToHttp().getResponse<Response>(), pathProject);
    return true;
  }
}

/** The actor ApiKeyGuard resolved; a person with no project there gets its refusal (404). */
export function requestActor(request: Request): Actor {
  const { actor, actorRefusal } = request as AuthenticatedRequest;
  if (actor) return actor;
  if (actorRefusal) throw actorRefusal;
  throw new Error('an actor read on a public route');
}

export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor =>
  requestActor(context.switchToHttp().getRequest<Request>()));

/** Who called, whether or not they act in a project (`GET /auth/me`, `GET|POST /projects`). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const { caller } = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!caller) throw new Error('a caller read on a public route');
  return caller;
});
