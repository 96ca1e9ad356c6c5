import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { describeError } from '../../api/api-error';
import { ENVIRONMENT_NAMES, useDeploy } from '../environments/environments.queries';

/** "Deploy this revision to …" one of the app's environments. */
export function DeployMenu({ appId, variantId, revision }: { appId: string; variantId: string; revision: number }) {
  const deploy = useDeploy(appId);
  const run = (environment: string) => deploy.mutate({ environment, variantId, revision }, {
    onSuccess: () => notifications.show({ color: 'green', message: `Revision ${revision} deployed to ${environment}` }),
    onError: (error) => notifications.show({ color: 'red', title: `Could not deploy to ${environment}`, message: describeError(error) }),
  });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="light" loading={deploy.isPending} aria-label={`Deploy revision ${revision} to…`}>Deploy</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ENVIRONMENT_NAMES.map((environment) => (
          <Menu.Item key={environment} onClick={() => run(environment)}>{environment}</Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
