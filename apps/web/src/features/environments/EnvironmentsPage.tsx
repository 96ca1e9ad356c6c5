import { Stack } from '@mantine/core';
import { useAppId } from '../app/AppLayout';
import { EnvironmentCard } from './EnvironmentCard';
import { ENVIRONMENT_NAMES } from './environments.queries';

export function EnvironmentsPage() {
  const appId = useAppId();
  return (
    <Stack>
      {ENVIRONMENT_NAMES.map((environment) => <EnvironmentCard key={environment} appId={appId} environment={environment} />)}
    </Stack>
  );
}
