import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useApi } from '../../api/ApiProvider';
import { unwrap } from '../../api/api-client';
import { accountKeys, forgetProjectOfAccount } from '../../auth/account.queries';

/**
 * Deletes the project with everything in it (owners only), then opens Apps. The account forgets the project at once,
 * so the console layout moves to the person's next project (or to the page offering to create one) before any screen
 * asks the api about the one that is gone; the account is then asked again. Done here, not in the caller's callback:
 * the danger zone is unmounted by then.
 */
export function useDeleteProject() {
  const api = useApi();
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (projectId: string) => unwrap(api.DELETE('/projects/{project_id}', { params: { path: { project_id: projectId } } })),
    onSuccess: (_answer, projectId) => {
      void navigate('/apps');
      forgetProjectOfAccount(client, projectId);
      return client.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}
