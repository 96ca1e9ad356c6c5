import { Button, Group, Text } from '@mantine/core';
import { useSignOut } from '../../auth/account.queries';
import { useWorkspace } from '../../auth/workspace';
import { RoleBadge } from '../../ui/RoleBadge';

/** The header's right side: who is signed in with which role here, and Sign out (which ends the session on the api). */
export function AccountControls() {
  const { kind, name, project } = useWorkspace();
  const signOut = useSignOut();
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Text size="sm" truncate maw={200} title={name} visibleFrom="sm" aria-label="Signed in as">{kind === 'api_key' ? `API key ${name}` : name}</Text>
      <RoleBadge role={project.role} size="sm" aria-label="Your role" />
      <Button variant="default" size="xs" onClick={() => signOut.mutate()} loading={signOut.isPending}>Sign out</Button>
    </Group>
  );
}
