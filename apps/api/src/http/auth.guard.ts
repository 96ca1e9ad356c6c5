import { type CanActivate, type ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Actor } from '@crucible/domain';
import { AuthenticateUseCase } from '@crucible/application';
import { PUBLIC_ROUTE } from './public.decorator';

type AuthenticatedRequest = Request & { actor?: Actor };

/** `Authorization: ApiKey <key>` or `Bearer <key>`; the key's project scopes everything after. */
export function readApiKey(header: string | undefined): string | undefined {
  const match = /^(ApiKey|Bearer)\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[2];
}

@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticate: AuthenticateUseCase,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    // Requests with a body were authenticated before it was read (keyBeforeBody).
    request.actor ??= await this.authenticate.execute(readApiKey(request.headers.authorization));
    return true;
  }
}

/** The caller ApiKeyGuard authenticated; only on routes that are not public. */
export function requestActor(request: Request): Actor {
  const { actor } = request as AuthenticatedRequest;
  if (!actor) throw new Error('an actor read on a public route');
  return actor;
}

export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor =>
  requestActor(context.switchToHttp().getRequest<Request>()));
