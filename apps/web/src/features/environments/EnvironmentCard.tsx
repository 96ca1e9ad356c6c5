import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { describeError } from '../../api/api-error';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { QueryState } from '../../ui/QueryState';
import { formatTime } from '../../ui/format';
import { EnvironmentBadge } from '../apps/AppCard';
import { GatewayCall } from '../prompt/GatewayCall';
import { DeployButton } from './DeployButton';
import { useEnvironmentHistory, useRevert } from './environments.queries';

/** One environment: what it runs now, and its whole history (newest first) with a revert on every older entry. */
export function EnvironmentCard({ appId, environment }: { appId: string; environment: string }) {
  const history = useEnvironmentHistory(appId, environment);
  const revert = useRevert(appId);
  const current = history.data?.revisions[history.data.revisions.length - 1];
  return (
    <Card withBorder role="region" aria-label={environment}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" miw={0}>
            <EnvironmentBadge name={environment} />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {current?.deployed_variant_name
                ? <>runs <b>{current.deployed_variant_name}</b> revision <b>{current.deployed_variant_revision}</b></>
                : 'nothing deployed'}
            </Text>
          </Group>
          <DeployButton appId={appId} environment={environment} />
        </Group>
        {current?.deployed_variant_name ? <GatewayCall appId={appId} environment={environment} /> : null}
        <QueryState query={history} label={`${environment} history`}>
          {(found) => found.revisions.length === 0 ? (
            <Text size="sm" c="dimmed">Never deployed: deploy a revision here, or from a variant’s revision list.</Text>
          ) : (
            <Table aria-label={`${environment} history`} verticalSpacing={6} layout="fixed">
              <Table.Thead>
                <Table.Tr><Table.Th w={40}>#</Table.Th><Table.Th>Deployed</Table.Th><Table.Th w={90} /></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...found.revisions].reverse().map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{entry.revision}</Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {entry.deployed_variant_name ? <>{entry.deployed_variant_name} · revision {entry.deployed_variant_revision ?? '—'}</> : 'nothing'}
                        {entry.commit_message ? <Text span size="sm" c="dimmed"> — {entry.commit_message}</Text> : null}
                      </Text>
                      <Text size="xs" c="dimmed" title={entry.created_at}>{entry.modified_by} · {formatTime(entry.created_at)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {entry.id === current?.id ? <Text size="xs" c="dimmed">current</Text> : (
                        <ConfirmButton label="Revert" size="compact-sm" variant="subtle" color="orange"
                          aria-label={`Revert ${environment} to entry ${entry.revision}`}
                          title={`Revert ${environment}?`}
                          message={`${environment} will run ${entry.deployed_variant_name ?? 'nothing'} revision ${entry.deployed_variant_revision ?? '—'} again. A new history entry records the revert.`}
                          confirmLabel="Revert" loading={revert.isPending}
                          onConfirm={() => revert.mutate(entry.id, {
                            onError: (error) => notifications.show({ color: 'red', title: 'Could not revert', message: describeError(error) }),
                          })} />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
