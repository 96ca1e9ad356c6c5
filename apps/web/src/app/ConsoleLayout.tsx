import { AppShell, Burger, Button, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Navigate, NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import { useApi } from '../api/ApiProvider';
import { useSession } from '../auth/session';
import { consoleRoutes } from './routes';
import { queryKeys } from '../api/query-keys';
import { unwrap } from '../api/api-client';
import type { CurrentProject } from '../api/types';

function ProjectName() {
  const api = useApi();
  const project = useQuery({ queryKey: queryKeys.currentProject, queryFn: () => unwrap<CurrentProject>(api.GET('/projects/current')) });
  return (
    <Text size="sm" c="dimmed" truncate maw={{ base: 110, sm: 320 }} title={project.data?.name} aria-label="Project">
      {project.data ? project.data.name : ' '}
    </Text>
  );
}

/** Header (project name, sign-out), side navigation (a drawer on phones) and the current screen. */
export function ConsoleLayout() {
  const { apiKey, signOut } = useSession();
  const location = useLocation();
  const [navOpen, nav] = useDisclosure(false);
  if (!apiKey) return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 200, breakpoint: 'sm', collapsed: { mobile: !navOpen } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={navOpen} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Title order={1} size="h4">Crucible</Title>
            <ProjectName />
          </Group>
          <Button variant="default" size="xs" onClick={signOut}>Sign out</Button>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        {consoleRoutes.filter((route) => route.nav).map((route) => (
          <NavLink key={route.path} component={RouterLink} to={`/${route.path}`} label={route.nav} onClick={nav.close}
            active={location.pathname.startsWith(`/${route.path}`)} />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
