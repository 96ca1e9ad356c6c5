import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSignOut } from '../../auth/account.queries';
import { useSession } from '../../auth/session';
import { NewProjectDialog } from './NewProjectDialog';

/** A person who belongs to no project (every membership removed, or their last project deleted): make one, or sign out. */
export function NoProjectYet({ name }: { name: string }) {
  const { pickProject } = useSession();
  const signOut = useSignOut();
  const [creating, dialog] = useDisclosure(false);
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={460}>
        <Stack>
          <Title order={1} size="h3">No project yet</Title>
          <Text size="sm">{name}, you are not a member of any project. Ask an admin of a project for an invitation, or start one of your own.</Text>
          <Button onClick={dialog.open}>Create project</Button>
          <Button variant="default" onClick={() => signOut.mutate()} loading={signOut.isPending}>Sign out</Button>
        </Stack>
      </Paper>
      <NewProjectDialog opened={creating} onClose={dialog.close} onCreated={pickProject} />
    </Center>
  );
}
