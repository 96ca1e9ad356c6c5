import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@crucible/application';
import { nonEmpty, timestamp } from './common.wire';
import { projectRole, projectWithRoleSchema } from './auth.wire';

export class CreateInvitationDto extends createZodDto(z.object({
  email: z.email().max(320),
  role: projectRole.describe('only an owner invites owners'),
})) {}

const invitationSchema = z.object({
  id: z.string(), email: z.string(), role: projectRole, created_at: timestamp, expires_at: timestamp,
});
export class InvitationDto extends createZodDto(invitationSchema) {}
export class CreatedInvitationDto extends createZodDto(invitationSchema.extend({
  invite_url: z.string().describe('single use, shown only here (and in the mail): pass it on to the invitee'),
  mailed: z.boolean().describe('whether the link was mailed (CRUCIBLE_SMTP_URL set and the mail server took it)'),
})) {}

export class AcceptInvitationDto extends createZodDto(z.object({
  token: nonEmpty.max(200).describe("the invitation link's token"),
  name: nonEmpty.max(200).optional().describe('required for a new account'),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH).optional()
    .describe(`a new account's password (at least ${MIN_PASSWORD_LENGTH} characters), or an existing account's own`),
})) {}
export class AcceptedInvitationDto extends createZodDto(z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  project: projectWithRoleSchema.pick({ id: true, name: true, role: true }),
})) {}

export class MemberDto extends createZodDto(z.object({
  user_id: z.string(), email: z.string(), name: z.string(), role: projectRole, joined_at: timestamp,
})) {}
export class ChangeMemberRoleDto extends createZodDto(z.object({ role: projectRole.describe('only an owner makes or unmakes owners') })) {}
