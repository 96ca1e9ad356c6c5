import { Fragment, useEffect, useMemo } from 'react';
import { AppShell, Burger, Center, Group, Loader, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Navigate, NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import { useAccount } from '../auth/account.queries';
import { roleAtLeast } from '../auth/roles';
import { useSession } from '../auth/session';
import { type Workspace, WorkspaceContext } from '../auth/workspace';
import { AccountControls } from '../features/workspace/AccountControls';
import { ProjectSwitcher } from '../features/workspace/ProjectSwitcher';
import { NoProjectYet } from '../features/workspace/NoProjectYet';
import { ErrorMessage } from '../ui/QueryState';
import { type ConsoleRoute, consoleRoutes } from './routes';
import { PageSuspense } from './lazy-page';

/** The side navigation's entries the role may use: the screens without a section first, then each section under its heading. */
function navGroups(workspace: Workspace): Array<{ section?: ConsoleRoute['section']; routes: ConsoleRoute[] }> {
  const listed = consoleRoutes.filter((route) => route.nav && (!route.needs || roleAtLeast(workspace.project.role, route.needs)));
  const sections = [...new Set(listed.map((route) => route.section).filter((section) => section !== undefined))];
  return [{ routes: listed.filter((route) => !route.section) }, ...sections.map((section) => ({ section, routes: listed.filter((route) => route.section === section) }))];
}

/**
 * The signed-in console: asks the api who is here and where (a 401 sends them to sign-in), settles the project
 * (the remembered pick if still theirs, else their first), then the header (project switcher, name, role, sign-out),
 * the side navigation (a drawer on phones) and the current screen.
 */
export function ConsoleLayout() {
  const { credentials, projectId, pickProject } = useSession();
  const location = useLocation();
  const [navOpen, nav] = useDisclosure(false);
  const account = useAccount();
  const workspace = useMemo<Workspace | null>(() => {
    if (!credentials || !account.data) return null;
    const { id, name, projects } = account.data;
    const project = credentials.kind === 'api_key' ? projects[0] : projects.find((item) => item.id === projectId);
    return project ? { kind: credentials.kind, id, name, projects, project } : null;
  }, [credentials, account.data, projectId]);
  const fallback = credentials?.kind === 'session' && !workspace && !account.isFetching ? account.data?.projects[0]?.id : undefined;
  useEffect(() => {
    if (fallback) pickProject(fallback);
  }, [fallback, pickProject]);

  if (!credentials) return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  if (account.isError) return <Center p="xl"><ErrorMessage error={account.error} title="Could not reach the api" onRetry={() => void account.refetch()} /></Center>;
  if (account.data && account.data.projects.length === 0) return <NoProjectYet name={account.data.name} />;
  if (!workspace) return <Center mih="100vh"><Loader aria-label="Loading the console" /></Center>;
  return (
    <WorkspaceContext.Provider value={workspace}>
      <AppShell header={{ height: 56 }} navbar={{ width: 200, breakpoint: 'sm', collapsed: { mobile: !navOpen } }} padding="md">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Burger opened={navOpen} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
              <Title order={1} size="h4" visibleFrom="xs">Crucible</Title>
              <ProjectSwitcher />
            </Group>
            <AccountControls />
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="Main navigation">
          {navGroups(workspace).map(({ section, routes }) => (
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
          {/* A new project is a new subtree: nothing of the previous project's screens survives the switch. */}
          <PageSuspense key={workspace.project.id}><Outlet /></PageSuspense>
        </AppShell.Main>
      </AppShell>
    </WorkspaceContext.Provider>
  );
}

