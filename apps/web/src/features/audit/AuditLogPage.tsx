import { useMemo, useState } from 'react';
import { Badge, Button, Center, Code, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { CONSOLE_NEEDS, roleAtLeast } from '../../auth/roles';
import { useWorkspace } from '../../auth/workspace';
import { EmptyNotice, ErrorMessage } from '../../ui/QueryState';
import { formatTime } from '../../ui/format';
import { useApiKeys } from '../api-keys/api-keys.queries';
import { useMembers } from '../members/members.queries';
import { AuditFilters } from './AuditFilters';
import { type AuditFilter, useAuditEvents } from './audit.queries';

/** Who may be picked as the actor: the project's members and its keys. */
function useActors(projectId: string) {
  const members = useMembers(projectId);
  const keys = useApiKeys(projectId);
  return useMemo(() => [
    ...(members.data ?? []).map((member) => ({ value: member.user_id, label: `${member.name} (${member.email})` })),
    ...(keys.data ?? []).map((key) => ({ value: key.id, label: `API key ${key.name}` })),
  ], [members.data, keys.data]);
}

/** Settings → Audit log (ARCHITECTURE §17): every change, newest first, who did it and what in words. */
export function AuditLogPage() {
  const { project } = useWorkspace();
  const [filter, setFilter] = useState<AuditFilter>({});
  const events = useAuditEvents(filter);
  const actors = useActors(project.id);
  if (!roleAtLeast(project.role, CONSOLE_NEEDS.readAuditLog)) {
    return <EmptyNotice title="The audit log is for admins" description={`Admins and owners of ${project.name} read its audit log.`} />;
  }
  const filtered = Object.keys(filter).length > 0;
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <Stack>
      <Title order={2}>Audit log</Title>
      <AuditFilters actors={actors} onApply={setFilter} />
      {events.isError ? <ErrorMessage error={events.error} title="Could not load audit events" onRetry={() => void events.refetch()} /> : null}
      {events.isPending ? <Center py="xl"><Loader aria-label="Loading audit events" /></Center> : null}
      {events.isSuccess && rows.length === 0 ? (
        <EmptyNotice {...(filtered
          ? { title: 'No events match', description: 'Widen the filters, or clear them.' }
          : { title: 'No events yet', description: 'Every change to the project (apps, deploys, members, keys…) and every failed sign-in appears here.' })} />
      ) : null}
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={340}>
          <Table aria-label="Audit events" verticalSpacing="xs">
            <Table.Thead><Table.Tr><Table.Th>Time</Table.Th><Table.Th>Actor</Table.Th><Table.Th>Change</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {rows.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td w={{ base: 96, sm: 200 }}><Text size="sm">{formatTime(event.at)}</Text></Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{event.actor.name}</Text>
                    <Badge size="xs" variant="light" tt="none" miw="max-content" color={event.actor.type === 'user' ? 'blue' : 'gray'}>{event.actor.type === 'user' ? 'person' : 'API key'}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Code>{event.action}</Code>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{event.summary}</Text>
                    {event.ip ? <Text size="xs" c="dimmed">from {event.ip}</Text> : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {events.hasNextPage ? (
        <Center>
          <Button variant="light" loading={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>Load more events</Button>
        </Center>
      ) : null}
    </Stack>
  );
}
