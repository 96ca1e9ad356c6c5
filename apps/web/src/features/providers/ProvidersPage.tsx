import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { describeError } from '../../api/api-error';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { QueryState } from '../../ui/QueryState';
import { formatMs, formatTime } from '../../ui/format';
import { AddConnectionDialog } from './AddConnectionDialog';
import type { ConnectionTest, ProviderConnection, ProviderKind } from '@crucible/client';
import { useDeleteConnection, useProviderConnections, useProviderKinds, useTestConnection } from './providers.queries';

const NO_KINDS: ProviderKind[] = [];
const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;

function TestOutcome({ test }: { test: ConnectionTest }) {
  if (test.ok) {
    const models = test.models ? ` · ${test.models.length} model${test.models.length === 1 ? '' : 's'}` : '';
    return <Text size="sm" c="teal.8" role="status">Connected · {formatMs(test.latency_ms)}{models}</Text>;
  }
  const status = test.error?.status ? `${test.error.status}: ` : '';
  return (
    <Text size="sm" c="red.8" role="status" style={{ overflowWrap: 'anywhere' }}>
      Failed · {status}{test.error?.message ?? 'the provider did not answer'}
    </Text>
  );
}

function ConnectionCard({ connection, kind }: { connection: ProviderConnection; kind?: ProviderKind }) {
  const test = useTestConnection();
  const remove = useDeleteConnection();
  const baseUrl = connection.base_url ?? kind?.default_base_url ?? null;
  return (
    <Card withBorder role="listitem" aria-label={connection.name} padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} style={ellipsis} title={connection.name}>{connection.name}</Text>
          <Group gap={4} wrap="nowrap">
            <Button size="xs" variant="light" loading={test.isPending} onClick={() => test.mutate(connection.id)} aria-label={`Test ${connection.name}`}>Test</Button>
            {connection.read_only ? null : (
              <ConfirmButton label="Delete" aria-label={`Delete ${connection.name}`} variant="subtle" color="red" size="xs"
                title={`Delete “${connection.name}”?`} confirmLabel="Delete connection" loading={remove.isPending}
                message="Its key is erased. Judges and custom models that use this connection stop working; evaluator configs that name it must be changed first."
                onConfirm={() => remove.mutate(connection.id)} />
            )}
          </Group>
        </Group>
        <Group gap="lg" wrap="wrap" c="dimmed" style={{ rowGap: 4 }}>
          <Group gap={6} wrap="nowrap">
            <Badge variant="light" tt="none" miw="max-content">{kind?.name ?? connection.kind}</Badge>
            {connection.read_only ? <Badge variant="outline" color="gray" tt="none" miw="max-content">read-only</Badge> : null}
          </Group>
          <Text size="sm" style={ellipsis} maw="100%" title={baseUrl ?? undefined}>{baseUrl ?? 'default endpoint'}</Text>
          <Text size="sm">Key <Text span ff="monospace">{connection.api_key_hint ?? 'none'}</Text></Text>
          {connection.read_only
            ? <Text size="sm">From OPENAI_API_KEY</Text>
            : <Text size="sm" title={connection.created_at}>Added {formatTime(connection.created_at)}{connection.created_by ? ` by ${connection.created_by}` : ''}</Text>}
        </Group>
        {test.data ? <TestOutcome test={test.data} /> : null}
        {test.isError ? <Alert color="red" role="alert" title="Could not test">{describeError(test.error)}</Alert> : null}
        {remove.isError ? <Alert color="red" role="alert" title="Not deleted" style={{ overflowWrap: 'anywhere' }}>{describeError(remove.error)}</Alert> : null}
      </Stack>
    </Card>
  );
}

/** Settings → Providers: the project's connections, each testable; keys go in, only their last 4 characters come out. */
export function ProvidersPage() {
  const kinds = useProviderKinds();
  const connections = useProviderConnections();
  const [adding, dialog] = useDisclosure(false);
  const kindList = kinds.data ?? NO_KINDS;
  const addButton = <Button onClick={dialog.open} disabled={!kinds.data}>Add provider</Button>;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Providers</Title>
        {addButton}
      </Group>
      <Text size="sm" c="dimmed">
        The LLM providers this project's judges and apps call. Keys are stored encrypted; prices are on the <Link to="/settings/models">Models</Link> page.
      </Text>
      {kinds.isError ? <Alert color="red" role="alert" title="Could not load the provider kinds">{describeError(kinds.error)}</Alert> : null}
      <QueryState query={connections} label="provider connections"
        empty={{
          title: 'No providers connected yet',
          description: 'Add a provider with its API key (or an OpenAI-compatible server such as Ollama or vLLM by its base URL) so LLM judges can use its models.',
          action: addButton,
        }}>
        {(list) => (
          <Stack gap="sm" role="list" aria-label="Provider connections">
            {list.map((connection) => (
              <ConnectionCard key={connection.id} connection={connection} kind={kindList.find((k) => k.kind === connection.kind)} />
            ))}
          </Stack>
        )}
      </QueryState>
      <AddConnectionDialog kinds={kindList} opened={adding} onClose={dialog.close} />
    </Stack>
  );
}
