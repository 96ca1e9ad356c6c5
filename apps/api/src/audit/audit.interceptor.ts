import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type Observable, mergeMap } from 'rxjs';
import type { Actor } from '@crucible/domain';
import { type Change, RecordChangeUseCase } from '@crucible/application';
import { requestActor } from '../http/auth.guard';
import type { AuthenticatedRequest } from '../http/request-authenticator';
import { operationOfRequest } from '../http/route-table';
import { changeOf } from './audited-operations';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const REPLAYED = Symbol('answer replayed');

/** An Idempotency-Key retry answered from the first answer changed nothing, so it writes no event. */
export function markAnswerReplayed(request: Request): void {
  (request as Request & { [REPLAYED]?: true })[REPLAYED] = true;
}

/**
 * Who signs a change: the request's actor. A person in no project (every membership gone, or the project the console
 * still names deleted) may still create one; that event goes to the new project, signed by its owner.
 */
function eventActor(request: Request, change: Change): Actor {
  const { actor, caller } = request as AuthenticatedRequest;
  if (!actor && caller?.type === 'user' && change.action === 'project.create' && change.resourceId) {
    return { projectId: change.resourceId, type: 'user', id: caller.user.id, name: caller.user.name, role: 'owner' };
  }
  return requestActor(request);
}

/**
 * Writes the one audit event of every change (ARCHITECTURE §17), in one place: when a mutating operation's handler
 * succeeds, its entry in AUDIT_RULES says the action, the resource and the summary. The event is written after the
 * change's own transaction commits and before the answer leaves, so a client that saw the answer finds the event; a
 * request that fails writes none. The repositories each open their own transaction (and PGlite has one connection),
 * so the event cannot share it.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(private readonly recordChange: RecordChangeUseCase) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request & { [REPLAYED]?: true }>();
    if (!MUTATING.has(request.method.toUpperCase())) return next.handle();
    const operation = operationOfRequest(context);
    return next.handle().pipe(mergeMap(async (answer: unknown) => {
      const response = context.switchToHttp().getResponse<Response>();
      if (request[REPLAYED] || response.statusCode >= 400) return answer;
      const change = changeOf(operation, { params: request.params as Record<string, string | undefined>, body: request.body, answer });
      // A public route (sign-in, accepting an invitation) has no actor; its table entry says it writes none.
      if (change) await this.recordChange.execute(eventActor(request, change), change, request.ip ?? null);
      return answer;
    }));
  }
}
