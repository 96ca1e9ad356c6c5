import { SimpleGrid, Stack, Title } from '@mantine/core';
import { QueryState } from '../../ui/QueryState';
import { AppCard } from './AppCard';
import { CreateAppForm } from './CreateAppForm';
import { useApps } from './apps.queries';

export function AppsPage() {
  const apps = useApps();
  return (
    <Stack>
      <Title order={2}>Apps</Title>
      <CreateAppForm />
      <QueryState query={apps} label="apps" empty={{
        title: 'No apps yet',
        description: 'Create an app above: start from the Chat or Completion template to write a prompt, or register a workflow service of your own.',
      }}>
        {(list) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label="Apps">
            {list.map((app) => <AppCard key={app.app_id} app={app} />)}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
