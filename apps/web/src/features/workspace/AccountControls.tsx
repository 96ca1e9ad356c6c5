import { Badge, Button, Group, Text } from '@mantine/core';
import { useSignOut } from '../../auth/account.queries';
import { useWorkspace } from '../../auth/workspace';

/** The header's right side: who is signed in with which role here, and Sign out (which ends the session on the api). */
export function AccountControls() {
  const { kind, name, project } = useWorkspace();
  const signOut = useSignOut();
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Group gap={6} wrap="nowrap" miw={0} visibleFrom="sm" aria-label="Signed in as">
        <Text size="sm" truncate maw={200} title={name}>{kind === 'api_key' ? `API key ${name}` : name}</Text>
        <Badge variant="light" size="sm" aria-label="Your role">{project.role}</Badge>
      </Group>
      <Badge variant="light" size="sm" hiddenFrom="sm" aria-hidden>{project.role}</Badge>
      <Button variant="default" size="xs" onClick={() => signOut.mutate()} loading={signOut.isPending}>Sign out</Button>
    </Group>
  );
}
