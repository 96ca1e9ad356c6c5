import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { unwrap } from '../../api/api-client';
import { accountKeys, forgetProjectOfAccount } from '../../auth/account.queries';

/**
 * Deletes the project with everything in it (owners only). The account forgets it at once, so the console layout
 * moves to the person's next project (or to the page offering to create one) before any screen asks the api about
 * the project that is gone; the account is then asked again.
 */
export function useDeleteProject() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => unwrap(api.DELETE('/projects/{project_id}', { params: { path: { project_id: projectId } } })),
    onSuccess: (_answer, projectId) => {
      forgetProjectOfAccount(client, projectId);
      return client.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}
