import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { App } from '@crucible/client';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { RenameAppButton } from './RenameAppButton';
import { useAppEnvironments, useAppVariants, useDeleteApp } from './apps.queries';

const ENVIRONMENT_COLORS: Record<string, string> = { development: 'gray', staging: 'yellow', production: 'green' };
const ENVIRONMENT_ORDER = ['development', 'staging', 'production'];
export const byEnvironmentOrder = (a: { name: string }, b: { name: string }) =>
  (ENVIRONMENT_ORDER.indexOf(a.name) + 1 || 99) - (ENVIRONMENT_ORDER.indexOf(b.name) + 1 || 99);

export function AppCard({ app }: { app: App }) {
  const variants = useAppVariants(app.app_id);
  const environments = useAppEnvironments(app.app_id);
  const remove = useDeleteApp();
  const count = variants.data?.length;
  return (
    <Card withBorder role="listitem" aria-label={app.app_name}>
      <Stack gap="xs">
        <Anchor component={Link} to={`/apps/${app.app_id}`} fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>{app.app_name}</Anchor>
        <Text size="sm" c="dimmed">
          {count === undefined ? 'Counting variants…' : `${count} variant${count === 1 ? '' : 's'}`}
        </Text>
        <Stack gap={4}>
          {[...(environments.data ?? [])].sort(byEnvironmentOrder).map((environment) => (
            <Group key={environment.name} gap="xs" wrap="nowrap">
              <EnvironmentBadge name={environment.name} />
              <Text size="sm" truncate>{environment.deployed_variant_name ?? 'nothing deployed'}</Text>
            </Group>
          ))}
        </Stack>
        <Group gap="xs" mt="xs">
          <RenameAppButton app={app} />
          <ConfirmButton label="Delete" variant="subtle" color="red" size="xs" title={`Delete ${app.app_name}?`}
            message="Its variants, revisions and environments are deleted with it. This cannot be undone."
            confirmLabel="Delete app" loading={remove.isPending} onConfirm={() => remove.mutate(app.app_id)} />
        </Group>
      </Stack>
    </Card>
  );
}

export function EnvironmentBadge({ name }: { name: string }) {
  return <Badge color={ENVIRONMENT_COLORS[name] ?? 'blue'} variant="light" tt="none" w={112} style={{ flexShrink: 0 }}>{name}</Badge>;
}
