import { Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CONSOLE_NEEDS, roleAtLeast } from '../../auth/roles';
import { useWorkspace } from '../../auth/workspace';
import { RoleBadge } from '../../ui/RoleBadge';
import { DeleteProjectZone } from './DeleteProjectZone';

/** Settings → Project: what the project is and the caller's role in it; its owners may delete it (ARCHITECTURE §17). */
export function ProjectSettingsPage() {
  const { project } = useWorkspace();
  const owns = roleAtLeast(project.role, CONSOLE_NEEDS.deleteProject);
  return (
    <Stack>
      <Title order={2}>Project</Title>
      <Paper withBorder p="md" radius="md" component="section" aria-label="About this project">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Stack gap={2} miw={0}>
            <Text size="xs" c="dimmed">Name</Text>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{project.name}</Text>
          </Stack>
          <Stack gap={2} miw={0}>
            <Text size="xs" c="dimmed">Id (X-Crucible-Project)</Text>
            <Code style={{ overflowWrap: 'anywhere' }}>{project.id}</Code>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">Your role</Text>
            <Group><RoleBadge role={project.role} /></Group>
          </Stack>
        </SimpleGrid>
      </Paper>
      {owns ? <DeleteProjectZone project={project} /> : (
        <Text size="sm" c="dimmed">Only an owner deletes the project; you are {project.role === 'viewer' ? 'a' : 'an'} {project.role}.</Text>
      )}
    </Stack>
  );
}
