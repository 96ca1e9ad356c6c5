import { Button, Group, Menu, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate, useLocation } from 'react-router';
import { useSession } from '../../auth/session';
import { useWorkspace } from '../../auth/workspace';
import { NewProjectDialog } from './NewProjectDialog';
import { sameScreenElsewhere } from './project-paths';
import { RoleBadge } from '../../ui/RoleBadge';

/**
 * The project every request acts on. A person picks among their projects (remembered, sent as X-Crucible-Project)
 * or makes a new one; an API key has only its own, named here.
 */
export function ProjectSwitcher() {
  const { kind, projects, project } = useWorkspace();
  const { pickProject } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [creating, dialog] = useDisclosure(false);
  if (kind === 'api_key') {
    return (
      <Text size="sm" c="dimmed" truncate maw={{ base: 110, sm: 320 }} title={project.name} aria-label="Project">{project.name}</Text>
    );
  }
  const switchTo = (projectId: string) => {
    if (projectId === project.id) return;
    pickProject(projectId);
    void navigate(sameScreenElsewhere(location.pathname));
  };
  return (
    <>
      <Menu position="bottom-start" width={280} withinPortal>
        <Menu.Target>
          <Button variant="subtle" color="gray" size="xs" maw={{ base: 130, sm: 320 }} aria-label={`Project ${project.name}`}
            rightSection={<span aria-hidden>▾</span>} styles={{ label: { overflow: 'hidden' } }}>
            <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{project.name}</span>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Your projects</Menu.Label>
          {projects.map((item) => (
            <Menu.Item key={item.id} onClick={() => switchTo(item.id)} aria-current={item.id === project.id ? 'true' : undefined}
              rightSection={<RoleBadge role={item.role} size="xs" />}>
              <Group gap={6} wrap="nowrap" miw={0}>
                <Text size="sm" truncate fw={item.id === project.id ? 600 : undefined}>{item.name}</Text>
              </Group>
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={dialog.open}>New project…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <NewProjectDialog opened={creating} onClose={dialog.close} onCreated={switchTo} />
    </>
  );
}
