import { type FormEvent, useState } from 'react';
import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { describeError } from '../../api/api-error';
import { CONSOLE_NEEDS, type ProjectRole, roleAtLeast } from '../../auth/roles';
import { useWorkspace } from '../../auth/workspace';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { CopyableCode } from '../../ui/CopyableCode';
import { EmptyNotice, QueryState } from '../../ui/QueryState';
import { formatTime } from '../../ui/format';
import { RoleSelect } from '../members/RoleSelect';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api-keys.queries';
import { RoleBadge } from '../../ui/RoleBadge';

/** A key acts for a script: it never owns the project. */
const KEY_ROLES: readonly ProjectRole[] = ['viewer', 'annotator', 'editor', 'admin'];

function CreateApiKey({ projectId, mine }: { projectId: string; mine: ProjectRole }) {
  const create = useCreateApiKey(projectId);
  const [name, setName] = useState('');
  const [role, setRole] = useState<ProjectRole>('editor');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate({ name: name.trim(), role: role === 'owner' ? 'admin' : role }, { onSuccess: () => setName('') });
  };
  const issued = create.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="New API key">
      <form onSubmit={submit}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" description="what uses it: CI, the SDK of a service…" value={name} onChange={(event) => setName(event.currentTarget.value)} required />
            <RoleSelect label="Role" description="never above your own" mine={mine} value={role} onPick={setRole} roles={KEY_ROLES} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>Create key</Button>
          </Group>
          {create.isError ? <Alert color="red" role="alert" title="Not created">{describeError(create.error)}</Alert> : null}
          {issued ? (
            <Alert color="green" role="status" title={`API key ${issued.name} (${issued.role})`}>
              <CopyableCode value={issued.key} label="The new key" copyLabel="Copy key" note="Copy it now: it is shown this once and never again." />
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

/** Settings → API keys (ARCHITECTURE §17): keys for the SDK, the CLI and CI; create (shown once), list, revoke. */
export function ApiKeysPage() {
  const { project } = useWorkspace();
  const manages = roleAtLeast(project.role, CONSOLE_NEEDS.manageApiKeys);
  const keys = useApiKeys(project.id);
  const revoke = useRevokeApiKey(project.id);
  if (!manages) {
    return <EmptyNotice title="API keys are for admins" description={`Admins and owners of ${project.name} create and revoke its API keys; you are ${project.role === 'viewer' ? 'a' : 'an'} ${project.role}.`} />;
  }
  return (
    <Stack>
      <Title order={2}>API keys</Title>
      <CreateApiKey projectId={project.id} mine={project.role} />
      {revoke.isError ? <Alert color="red" role="alert" title="Not revoked">{describeError(revoke.error)}</Alert> : null}
      <QueryState query={keys} label="API keys" empty={{ title: 'No API keys', description: 'Create one for each script, service or CI job that calls the api.' }}>
        {(list) => (
          <Table.ScrollContainer minWidth={760}>
            <Table aria-label="API keys">
              <Table.Thead>
                <Table.Tr><Table.Th>Name</Table.Th><Table.Th>Prefix</Table.Th><Table.Th>Role</Table.Th><Table.Th>Created by</Table.Th><Table.Th>Last used</Table.Th><Table.Th /></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((key) => (
                  <Table.Tr key={key.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{key.name}</Table.Td>
                    <Table.Td><Code>{key.prefix}</Code></Table.Td>
                    <Table.Td><RoleBadge role={key.role} /></Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{key.created_by ?? '—'}</Text>
                      <Text size="xs" c="dimmed">{formatTime(key.created_at)}</Text>
                    </Table.Td>
                    <Table.Td><Text size="sm">{key.last_used_at ? formatTime(key.last_used_at) : 'never'}</Text></Table.Td>
                    <Table.Td>
                      <ConfirmButton size="xs" variant="subtle" color="red" label="Revoke" aria-label={`Revoke ${key.name}`} title="Revoke API key"
                        confirmLabel="Revoke" loading={revoke.isPending && revoke.variables === key.id}
                        message={`Everything using ${key.name} (${key.prefix}…) is refused from its next request. This cannot be undone.`}
                        onConfirm={() => revoke.mutate(key.id)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Stack>
  );
}
