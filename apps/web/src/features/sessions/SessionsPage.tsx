import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAppId } from '../app/AppLayout';
import { EmptyNotice, ErrorMessage } from '../../ui/QueryState';
import { formatCost, formatTime } from '../../ui/format';
import { useSessions } from './sessions.queries';

/** ARCHITECTURE §18: an app's conversations (traces sharing a session id), most recently active first. */
export function SessionsPage() {
  const appId = useAppId();
  const sessions = useSessions(appId);
  const rows = sessions.data?.pages.flatMap((page) => page.sessions) ?? [];
  return (
    <Stack gap="md">
      {sessions.isError ? <ErrorMessage error={sessions.error} title="Could not load sessions" onRetry={() => void sessions.refetch()} /> : null}
      {sessions.isSuccess && rows.length === 0 ? (
        <EmptyNotice
          title="No sessions yet"
          description="A trace joins a session when the app names one: the X-Session-Id header of a call to an SDK service, setTraceIdentity({ sessionId }) in a route, the session_id of a trace sent to /traces, or the session.id attribute of an OpenTelemetry span."
        />
      ) : null}
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label="Sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Session</Table.Th><Table.Th>Turns</Table.Th><Table.Th>Started</Table.Th><Table.Th>Last turn</Table.Th>
                <Table.Th>Tokens</Table.Th><Table.Th>Cost</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((session) => (
                <Table.Tr key={session.session_id}>
                  <Table.Td maw={260}>
                    <Anchor component={Link} to={`/apps/${appId}/sessions/${encodeURIComponent(session.session_id)}`} style={{ overflowWrap: 'anywhere' }}>
                      {session.session_id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{session.traces}</Table.Td>
                  <Table.Td><Text size="sm">{formatTime(session.first_at)}</Text></Table.Td>
                  <Table.Td><Text size="sm">{formatTime(session.last_at)}</Text></Table.Td>
                  <Table.Td>{session.total_tokens.toLocaleString()}</Table.Td>
                  <Table.Td>{formatCost(session.cost)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {sessions.hasNextPage ? (
        <Group justify="center">
          <Button variant="light" loading={sessions.isFetchingNextPage} onClick={() => void sessions.fetchNextPage()}>Load more sessions</Button>
        </Group>
      ) : null}
    </Stack>
  );
}
