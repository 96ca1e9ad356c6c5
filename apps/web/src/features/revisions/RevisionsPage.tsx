import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../ui/QueryState';
import { formatTime } from '../../ui/format';
import { useAppId } from '../app/AppLayout';
import { ServiceHealth } from '../variants/ServiceHealth';
import { useRevisions, useVariant } from '../variants/variants.queries';
import { DeployMenu } from './DeployMenu';
import { RevisionDiff } from './RevisionDiff';

/** One variant: its service, every revision (newest first) with author and message, a diff, and deploys. */
export function RevisionsPage() {
  const appId = useAppId();
  const variantId = useParams().variantId ?? '';
  const variant = useVariant(variantId);
  const revisions = useRevisions(variantId);
  return (
    <Stack>
      <QueryState query={variant} label="the variant">
        {(found) => (
          <Paper withBorder p="md">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4} miw={0}>
                <Title order={3} style={{ overflowWrap: 'anywhere' }}>{found.variant_name}</Title>
                <Text size="sm">Base <b>{found.base_name}</b> · config <b>{found.config_name}</b></Text>
                <Text size="sm" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{found.uri}</Text>
              </Stack>
              <Group gap="xs">
                <ServiceHealth variantId={found.variant_id} />
                <Button component={Link} to={`/apps/${appId}/playground?variant=${found.variant_id}`} size="xs" variant="light">Open in playground</Button>
              </Group>
            </Group>
          </Paper>
        )}
      </QueryState>
      <Title order={3}>Revisions</Title>
      <QueryState query={revisions} label="revisions" empty={{ title: 'No revisions', description: 'Save one from the playground.' }}>
        {(list) => (
          <>
            <Table aria-label="Revisions" verticalSpacing="xs" layout="fixed">
              <Table.Thead>
                <Table.Tr><Table.Th w={80}>Revision</Table.Th><Table.Th>Commit message, author and time</Table.Th><Table.Th w={96} /></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...list].reverse().map((revision) => (
                  <Table.Tr key={revision.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/apps/${appId}/playground?variant=${variantId}&revision=${revision.revision}`}>{revision.revision}</Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{revision.commit_message ?? <Text span c="dimmed" size="sm">no message</Text>}</Text>
                      <Text size="xs" c="dimmed" title={revision.created_at}>{revision.modified_by} · {formatTime(revision.created_at)}</Text>
                    </Table.Td>
                    <Table.Td ta="right"><DeployMenu appId={appId} variantId={variantId} revision={revision.revision} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <RevisionDiff revisions={list} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
