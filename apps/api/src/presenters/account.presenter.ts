import type { z } from 'zod';
import type { Project, ProjectRole, User } from '@crucible/domain';
import type { MemberProject } from '@crucible/application';
import type { projectWithRoleSchema } from '../wire/auth.wire';

export const presentUser = (user: User) => ({ id: user.id, email: user.email, name: user.name });

export const presentProjectWithRole = ({ project, role }: { project: Project; role: ProjectRole } | MemberProject): z.input<typeof projectWithRoleSchema> => ({
  id: project.id, name: project.name, role, created_at: project.createdAt.toISOString(),
});
