import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { unwrap, unwrapAll } from '../../api/api-client';
import { accountKeys } from '../../auth/account.queries';
import type { ProjectRole } from '../../auth/roles';

const memberKeys = {
  members: (projectId: string) => ['members', projectId] as const,
  invitations: (projectId: string) => ['invitations', projectId] as const,
};

/** The project's members with their roles. */
export function useMembers(projectId: string) {
  const api = useApi();
  return useQuery({
    queryKey: memberKeys.members(projectId),
    queryFn: () => unwrapAll((query) => api.GET('/projects/{project_id}/members', { params: { path: { project_id: projectId }, query } })),
  });
}

/** Invitations not yet accepted, revoked or expired. */
export function useInvitations(projectId: string) {
  const api = useApi();
  return useQuery({
    queryKey: memberKeys.invitations(projectId),
    queryFn: () => unwrapAll((query) => api.GET('/projects/{project_id}/invitations', { params: { path: { project_id: projectId }, query } })),
  });
}

export function useInvite(projectId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: ProjectRole }) =>
      unwrap(api.POST('/projects/{project_id}/invitations', { params: { path: { project_id: projectId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.invitations(projectId) }),
  });
}

export function useRevokeInvitation(projectId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => unwrap(api.DELETE('/projects/{project_id}/invitations/{invitation_id}', {
      params: { path: { project_id: projectId, invitation_id: invitationId } },
    })),
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.invitations(projectId) }),
  });
}

/** A member's new role; the caller's own role may change with it, so the account is asked again too. */
export function useChangeRole(projectId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: ProjectRole }) => unwrap(api.PATCH('/projects/{project_id}/members/{user_id}', {
      params: { path: { project_id: projectId, user_id: userId } }, body: { role },
    })),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: memberKeys.members(projectId) }),
      client.invalidateQueries({ queryKey: accountKeys.all }),
    ]),
  });
}

export function useRemoveMember(projectId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => unwrap(api.DELETE('/projects/{project_id}/members/{user_id}', {
      params: { path: { project_id: projectId, user_id: userId } },
    })),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: memberKeys.members(projectId) }),
      client.invalidateQueries({ queryKey: accountKeys.all }),
    ]),
  });
}
