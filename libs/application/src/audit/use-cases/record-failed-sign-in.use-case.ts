import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { normalizeEmail } from '@crucible/domain';
import { AuditTrail, ProjectsOfEmail } from '../ports';

/**
 * A failed sign-in is written in every project of the account it tried (ARCHITECTURE §17), so each project's
 * admins see attempts on their members; an email no account has leaves no trace anywhere.
 */
@Injectable()
export class RecordFailedSignInUseCase {
  constructor(
    private readonly trail: AuditTrail,
    private readonly projectsOfEmail: ProjectsOfEmail,
  ) {}

  async execute(input: { email: string; ip: string | null }): Promise<number> {
    const memberships = await this.projectsOfEmail.find(input.email);
    const at = new Date();
    for (const membership of memberships) {
      await this.trail.record({
        id: randomUUID(), at, projectId: membership.projectId,
        actor: { type: 'user', id: membership.userId, name: membership.userName },
        action: 'auth.sign_in_failed', resourceType: 'user', resourceId: membership.userId,
        summary: `failed sign-in as ${JSON.stringify(normalizeEmail(input.email))}${input.ip ? ` from ${input.ip}` : ''}`, ip: input.ip,
      });
    }
    return memberships.length;
  }
}
