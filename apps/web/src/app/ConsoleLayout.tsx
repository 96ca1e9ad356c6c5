import { Fragment } from 'react';
import { AppShell, Burger, Button, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Navigate, NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import { useApi } from '../api/ApiProvider';
import { useSession } from '../auth/session';
import { type ConsoleRoute, consoleRoutes } from './routes';
import { PageSuspense } from './lazy-page';
import { queryKeys } from '../api/query-keys';
import { unwrap } from '../api/api-client';

function ProjectName() {
  const api = useApi();
  const project = useQuery({ queryKey: queryKeys.currentProject, queryFn: () => unwrap(api.GET('/projects/current')) });
  return (
    <Text size="sm" c="dimmed" truncate maw={{ base: 110, sm: 320 }} title={project.data?.name} aria-label="Project">
      {project.data ? project.data.name : ' '}
    </Text>
  );
}

/** The side navigation's entries: the screens without a section first, then each section under its heading. */
function navGroups(): Array<{ section?: ConsoleRoute['section']; routes: ConsoleRoute[] }> {
  const listed = consoleRoutes.filter((route) => route.nav);
  const sections = [...new Set(listed.map((route) => route.section).filter((section) => section !== undefined))];
  return [{ routes: listed.filter((route) => !route.section) }, ...sections.map((section) => ({ section, routes: listed.filter((route) => route.section === section) }))];
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
        {navGroups().map(({ section, routes }) => (
          <Fragment key={section ?? ''}>
            {section ? <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>{section}</Text> : null}
            {routes.map((route) => (
              <NavLink key={route.path} component={RouterLink} to={`/${route.path}`} label={route.nav} onClick={nav.close}
                active={location.pathname.startsWith(`/${route.path}`)} />
            ))}
          </Fragment>
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <PageSuspense><Outlet /></PageSuspense>
      </AppShell.Main>
    </AppShell>
  );
}
