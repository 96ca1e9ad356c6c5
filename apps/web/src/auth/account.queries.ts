import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useApiIfSignedIn } from '../api/ApiProvider';
import { unwrap } from '../api/api-client';
import { useSession } from './session';
import type { WorkspaceProject } from './workspace';

/** Kept when the project changes (SessionProvider drops every other answer then). */
export const accountKeys = {
  all: ['account'] as const,
  me: ['account', 'me'] as const,
  key: ['account', 'key'] as const,
};

interface Account { id: string; name: string; projects: WorkspaceProject[] }

/** A person's name and projects with their role in each (`GET /auth/me`); for an API key, its name and project. */
export function useAccount() {
  const api = useApiIfSignedIn();
  const { credentials } = useSession();
  const kind = credentials?.kind ?? 'session';
  return useQuery({
    queryKey: kind === 'session' ? accountKeys.me : accountKeys.key,
    enabled: api !== null,
    queryFn: async (): Promise<Account> => {
      if (!api) throw new Error('nobody is signed in');
      if (kind === 'session') {
        const me = await unwrap(api.GET('/auth/me'));
        return { id: me.user.id, name: me.user.name, projects: me.projects.map(({ id, name, role }) => ({ id, name, role })) };
      }
      const [current, projects] = await Promise.all([unwrap(api.GET('/projects/current')), unwrap(api.GET('/projects'))]);
      return { id: current.api_key.id, name: current.api_key.name, projects: projects.map(({ id, name, role }) => ({ id, name, role })) };
    },
  });
}

/** A project that is gone (deleted) leaves the cached account at once, before the api is asked again. */
export function forgetProjectOfAccount(client: QueryClient, projectId: string): void {
  client.setQueryData<Account>(accountKeys.me, (account) => account && { ...account, projects: account.projects.filter((project) => project.id !== projectId) });
}

/** A new project, owned by the person who makes it. */
export function useCreateProject() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.POST('/projects', { body: { name } })),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/** Ends the session on the server (its cookie is worthless after), then here whatever the answer. */
export function useSignOut() {
  const api = useApi();
  const { credentials, forget } = useSession();
  return useMutation({
    mutationFn: async () => {
      if (credentials?.kind === 'session') await api.POST('/auth/sign-out');
    },
    onSettled: forget,
  });
}
