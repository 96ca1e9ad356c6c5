import type { Invitation, ProjectMember } from '@crucible/domain';

export const presentInvitation = (invitation: Invitation) => ({
  id: invitation.id, email: invitation.email, role: invitation.role,
  created_at: invitation.createdAt.toISOString(), expires_at: invitation.expiresAt.toISOString(),
});

export const presentMember = (member: ProjectMember) => ({
  user_id: member.userId, email: member.email, name: member.name, role: member.role, joined_at: member.joinedAt.toISOString(),
});
