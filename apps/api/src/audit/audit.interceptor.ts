import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type Observable, from, lastValueFrom } from 'rxjs';
import type { Actor } from '@crucible/domain';
import { type Change, RecordChangeUseCase, UnitOfWork } from '@crucible/application';
import { requestActor } from '../http/auth.guard';
import type { AuthenticatedRequest } from '../http/request-authenticator';
import { operationOfRequest } from '../http/route-table';
import { AUDIT_RULES, changeOf, isAudited } from './audited-operations';

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
 * Writes the one audit event of every change (ARCHITECTURE §17), in one place, in the same transaction as the change:
 * an audited operation's handler runs inside a unit of work (every repository it calls joins the unit's
 * transaction), its entry in AUDIT_RULES says the action, the resource and the summary, the event is inserted in that
 * transaction, and only then does it commit. So the change and its event are both there or neither is: an event
 * that cannot be written rolls the change back and the client gets an error, and a handler that fails rolls back
 * whatever it had written. The answer leaves after the commit, so a client that saw it finds the event.
 * Operations the table does not audit (runs, playground, invoke, ingest) hold no transaction: their long calls to
 * workflows and LLMs must not keep a connection (on PGlite, the only one) busy.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(private readonly recordChange: RecordChangeUseCase, private readonly unitOfWork: UnitOfWork) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request & { [REPLAYED]?: true }>();
    if (!MUTATING.has(request.method.toUpperCase())) return next.handle();
    const operation = operationOfRequest(context);
    const rule = AUDIT_RULES[operation];
    if (!rule || !isAudited(rule)) return next.handle();
    // Subscribed inside the unit, so the handler runs in its async context (the handler starts at subscription).
    return from(this.unitOfWork.run(async () => {
      const answer: unknown = await lastValueFrom(next.handle(), { defaultValue: undefined });
      const response = context.switchToHttp().getResponse<Response>();
      if (request[REPLAYED] || response.statusCode >= 400) return answer;
      const change = changeOf(operation, { params: request.params as Record<string, string | undefined>, body: request.body, answer });
      // A public route (sign-in, accepting an invitation) has no actor; its table entry says it writes none.
      if (change) await this.recordChange.execute(eventActor(request, change), change, request.ip ?? null);
      return answer;
    }));
  }
}
