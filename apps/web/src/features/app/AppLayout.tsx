import { Anchor, Breadcrumbs, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { PageSuspense } from '../../app/lazy-page';
import { ErrorMessage } from '../../ui/QueryState';
import { useApp } from '../apps/apps.queries';

/** The sections of one app; each is a child route of apps/:appId (see app/routes.tsx). */
export const APP_SECTIONS = [
  { path: 'variants', label: 'Variants' },
  { path: 'environments', label: 'Environments' },
  { path: 'playground', label: 'Playground' },
  { path: 'traces', label: 'Traces' },
  { path: 'sessions', label: 'Sessions' },
];

export function useAppId(): string {
  const { appId } = useParams();
  if (!appId) throw new Error('useAppId outside apps/:appId');
  return appId;
}

export function AppLayout() {
  const appId = useAppId();
  const app = useApp(appId);
  const navigate = useNavigate();
  const section = useLocation().pathname.split('/')[3] ?? 'variants';
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/apps" size="sm">Apps</Anchor>
        <Text size="sm" truncate maw={240}>{app.data?.app_name ?? '…'}</Text>
      </Breadcrumbs>
      <Title order={2} style={{ overflowWrap: 'anywhere' }}>{app.data?.app_name ?? ' '}</Title>
      {app.isError ? <ErrorMessage error={app.error} title="Could not load this app" /> : null}
      <Tabs value={section} onChange={(value) => value && void navigate(`/apps/${appId}/${value}`)}>
        <Tabs.List>
          {APP_SECTIONS.map((entry) => <Tabs.Tab key={entry.path} value={entry.path}>{entry.label}</Tabs.Tab>)}
        </Tabs.List>
      </Tabs>
      <PageSuspense><Outlet /></PageSuspense>
    </Stack>
  );
}
