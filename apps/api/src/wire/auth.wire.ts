import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { PROJECT_ROLES } from '@crucible/domain';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@crucible/application';
import { nonEmpty, timestamp } from './common.wire';

const email = z.string().trim().min(1).max(320);
const password = z.string().min(1).max(MAX_PASSWORD_LENGTH);
export const projectRole = z.enum(PROJECT_ROLES);

export class SignInDto extends createZodDto(z.object({ email, password })) {}
export class SetupDto extends createZodDto(z.object({
  token: nonEmpty.max(200).describe('from the first-run link the api printed'),
  email: z.email().max(320),
  name: nonEmpty.max(200),
  password: password.describe(`at least ${MIN_PASSWORD_LENGTH} characters`),
})) {}

const userSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export const projectWithRoleSchema = z.object({
  id: z.string(), name: z.string(), role: projectRole.describe("the caller's role in the project"), created_at: timestamp,
});

export class SignedInDto extends createZodDto(z.object({ user: userSchema })) {}
export class SetUpDto extends createZodDto(z.object({ user: userSchema, project: projectWithRoleSchema })) {}
export class SignedOutDto extends createZodDto(z.object({ signed_out: z.literal(true) })) {}
export class MeDto extends createZodDto(z.object({ user: userSchema, projects: z.array(projectWithRoleSchema) })) {}
export class ProjectWithRoleDto extends createZodDto(projectWithRoleSchema) {}
export class SignInMethodsDto extends createZodDto(z.object({
  password: z.literal(true),
  oidc: z.object({
    enabled: z.boolean().describe('single sign-on is configured: the console links "Sign in with SSO" to GET /auth/oidc/login'),
    name: z.string().optional().describe('the identity provider, as the button names it'),
  }),
})) {}
