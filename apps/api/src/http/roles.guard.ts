import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { type Actor, DomainError, type ProjectRole, roleAtLeast } from '@crucible/domain';
import { FindEnvironmentOfRevisionUseCase } from '@crucible/application';
import { requestActor } from './auth.guard';
import type { AuthenticatedRequest } from './request-authenticator';
import { type EnvironmentOf, PERMISSIONS, PROTECTED_ENVIRONMENT, type Permission } from './permissions';
import { operationOfRequest } from './route-table';
import { isUuid } from './id.pipe';

const refusal = (doing: string, needed: ProjectRole, actor: Actor): DomainError =>
  new DomainError('forbidden', `${doing} needs the ${needed} role; "${actor.name}" has the role ${actor.role}`);

/**
 * The one place roles are enforced (ARCHITECTURE §17): runs after ApiKeyGuard has found the caller, looks the
 * operation up in PERMISSIONS and refuses with 403 naming the role needed. An operation without an entry is refused
 * (permissions.spec.ts keeps that from shipping). A path naming another project answers 404 before any role is
 * looked at; another project's resources are the use cases' to answer 404 for, to a role the operation allows.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly environmentOfRevision: FindEnvironmentOfRevisionUseCase) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const operation = operationOfRequest(context);
    const permission: Permission | undefined = PERMISSIONS[operation];
    if (!permission) throw new DomainError('forbidden', `${operation} has no entry in the permission table, so no role may call it`);
    if ('public' in permission) return true;
    const request = context.switchToHttp().getRequest<Request>();
    if ('anyCaller' in permission) {
      const { caller } = request as AuthenticatedRequest;
      if (caller?.type === 'api_key' && permission.keyRole && !roleAtLeast(caller.actor.role, permission.keyRole)) {
        throw refusal(operation, permission.keyRole, caller.actor);
      }
      return true;
    }
    const actor = requestActor(request);
    // Another project answers 404 whatever the caller's role there, exactly like a project that does not exist.
    const projectId = request.params.project_id;
    if (typeof projectId === 'string' && projectId !== actor.projectId) throw DomainError.notFound('project', projectId);
    const { production } = permission;
    // Production names the role it needs, whoever asks: a viewer is told what deploying there takes, not what staging does.
    if (production && !roleAtLeast(actor.role, production.role)
      && (await this.environmentName(actor, request, production.environment)) === PROTECTED_ENVIRONMENT) {
      throw refusal(production.doing, production.role, actor);
    }
    if (!roleAtLeast(actor.role, permission.role)) throw refusal(operation, permission.role, actor);
    return true;
  }

  /** Undefined when the request names no environment the caller can see: the use case answers that (422 or 404). */
  private async environmentName(actor: Actor, request: Request, source: EnvironmentOf): Promise<string | undefined> {
    if ('bodyField' in source) {
      const body: unknown = request.body;
      const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[source.bodyField] : undefined;
      return typeof value === 'string' ? value : undefined;
    }
    const revisionId = request.params[source.revisionParam];
    if (typeof revisionId !== 'string' || !isUuid(revisionId)) return undefined;
    return (await this.environmentOfRevision.execute(actor, revisionId))?.name;
  }
}
