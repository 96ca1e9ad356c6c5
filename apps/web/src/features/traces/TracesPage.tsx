import { useState } from 'react';
import {
  Alert, Anchor, Badge, Button, Checkbox, Code, Drawer, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text,
  TextInput, Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { useAppId } from '../app/AppLayout';
import { ENVIRONMENT_NAMES } from '../environments/environments.queries';
import { EmptyNotice, ErrorMessage, QueryState } from '../../ui/QueryState';
import { formatCost, formatMs, formatTime } from '../../ui/format';
import { AddToQueue } from '../annotation-queues/AddToQueue';
import { previewText } from './trace-preview';
import { AddToTestsetDialog } from './AddToTestsetDialog';
import { TraceMetricsCharts } from './TraceMetricsCharts';
import { TraceWaterfall } from './TraceWaterfall';
import { type TraceFilters, useTrace, useTraces } from './traces.queries';
import { ScoreList } from '../scores/ScoreList';
import { useScoreConfigs } from '../scores/scores.queries';
import type { TraceDetail, TraceSummary } from '@crucible/client';

const HOUR = 3_600_000;
const RANGES = [
  { value: String(HOUR), label: 'Last hour' },
  { value: String(24 * HOUR), label: 'Last 24 hours' },
  { value: String(7 * 24 * HOUR), label: 'Last 7 days' },
  { value: String(30 * 24 * HOUR), label: 'Last 30 days' },
];

/** Span names by id, for the scores given to one span. */
function spanNamesOf(trace: TraceDetail): Map<string, string> {
  const names = new Map<string, string>();
  const pending = [...trace.spans];
  for (let span = pending.pop(); span; span = pending.pop()) {
    names.set(span.span_id, span.name);
    pending.push(...span.children);
  }
  return names;
}


/** Whose call this was: its session (a link to the conversation) and user, when the app named them. */
function TraceIdentity({ appId, sessionId, userId }: { appId: string; sessionId: string | null; userId: string | null }) {
  if (!sessionId && !userId) return null;
  return (
    <Group gap="md" wrap="wrap">
      {sessionId ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Session{' '}
          <Anchor component={Link} to={`/apps/${appId}/sessions/${encodeURIComponent(sessionId)}`}>{sessionId}</Anchor>
        </Text>
      ) : null}
      {userId ? <Text size="sm" style={{ overflowWrap: 'anywhere' }}>User {userId}</Text> : null}
    </Group>
  );
}

function TraceDrawer({ appId, traceId, onClose }: { appId: string; traceId: string | null; onClose: () => void }) {
  const trace = useTrace(traceId);
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer opened={traceId !== null} onClose={onClose} position="right" size={phone ? '100%' : 'xl'} title="Trace">
      <QueryState query={trace} label="the trace">
        {(detail) => (
          <Stack gap="sm">
            <Group gap="xs" wrap="wrap">
              <Title order={4} style={{ overflowWrap: 'anywhere' }}>{detail.name}</Title>
              <Badge color={detail.status === 'error' ? 'red' : 'green'} tt="none">{detail.status}</Badge>
              {detail.environment ? <Badge variant="light" tt="none">{detail.environment}</Badge> : null}
            </Group>
            <Text size="sm" c="dimmed">
              {formatTime(detail.start_time)} · {formatMs(detail.latency_ms)} · {detail.tokens.total} tokens · {formatCost(detail.cost)}
              {detail.model ? ` · ${detail.model}` : ''}
            </Text>
            <Code style={{ overflowWrap: 'anywhere' }}>{detail.trace_id}</Code>
            <TraceIdentity appId={appId} sessionId={detail.session_id} userId={detail.user_id} />
            {detail.error ? <Alert color="red" title="The call failed" style={{ overflowWrap: 'anywhere' }}>{detail.error.message}</Alert> : null}
            <Title order={5}>Scores</Title>
            <ScoreList scores={detail.scores} spanNames={spanNamesOf(detail)} />
            <Title order={5}>Spans</Title>
            <TraceWaterfall trace={detail} />
          </Stack>
        )}
      </QueryState>
    </Drawer>
  );
}

function TraceRow({ trace, onOpen, selected, onSelect }: { trace: TraceSummary; onOpen: () => void; selected: boolean; onSelect: (on: boolean) => void }) {
  return (
    <Table.Tr onClick={onOpen} style={{ cursor: 'pointer' }} aria-label={`Trace ${trace.name} at ${formatTime(trace.start_time)}`}
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td onClick={(event) => event.stopPropagation()}>
        <Checkbox aria-label={`Select trace ${trace.name} at ${formatTime(trace.start_time)}`} checked={selected} onChange={(event) => onSelect(event.currentTarget.checked)} />
      </Table.Td>
      <Table.Td><Text size="sm" title={trace.start_time}>{formatTime(trace.start_time)}</Text></Table.Td>
      <Table.Td>
        <Button variant="subtle" size="compact-sm" onClick={(event) => { event.stopPropagation(); onOpen(); }}>{trace.name}</Button>
      </Table.Td>
      <Table.Td><Text size="sm" lineClamp={2} maw={280} style={{ overflowWrap: 'anywhere' }}>{previewText(trace.inputs_preview, trace.inputs_truncated)}</Text></Table.Td>
      <Table.Td>{trace.environment ?? '—'}</Table.Td>
      <Table.Td><Badge color={trace.status === 'error' ? 'red' : 'green'} tt="none" miw="max-content">{trace.status}</Badge></Table.Td>
      <Table.Td>{formatMs(trace.latency_ms)}</Table.Td>
      <Table.Td>{trace.tokens.total}</Table.Td>
      <Table.Td>{formatCost(trace.cost)}</Table.Td>
    </Table.Tr>
  );
}

/** ARCHITECTURE §14 in the console: an app's traces with filters, each as a waterfall, and metrics per environment. */
export function TracesPage() {
  const appId = useAppId();
  const [environment, setEnvironment] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [range, setRange] = useState(String(24 * HOUR));
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [scoreName, setScoreName] = useState<string | null>(null);
  const [scoreMin, setScoreMin] = useState<number | string>('');
  const [debouncedScoreMin] = useDebouncedValue(scoreMin, 300);
  const scoreConfigs = useScoreConfigs();
  const scoreNames = [...new Set((scoreConfigs.data ?? []).map((config) => config.name))];
  // ?trace=<id> opens that trace (evaluation rows link here).
  const [searchParams, setSearchParams] = useSearchParams();
  const openTrace = searchParams.get('trace');
  const setOpenTrace = (traceId: string | null) => setSearchParams(traceId ? { trace: traceId } : {}, { replace: true });
  const filters: TraceFilters = {
    environment, status: status as TraceFilters['status'], rangeMs: Number(range), search: debouncedSearch,
    scoreName, scoreMin: scoreName && typeof debouncedScoreMin === 'number' ? debouncedScoreMin : null,
  };
  const traces = useTraces(appId, filters);
  const rows = traces.data?.pages.flatMap((page) => page.traces) ?? [];
  // Selected traces are kept whole (not only their ids), so a selection outlives a change of filters.
  const [selected, setSelected] = useState<Map<string, TraceSummary>>(new Map());
  const [adding, setAdding] = useState(false);
  const select = (trace: TraceSummary, on: boolean) => setSelected((current) => {
    const next = new Map(current);
    if (on) next.set(trace.trace_id, trace);
    else next.delete(trace.trace_id);
    return next;
  });
  const allShownSelected = rows.length > 0 && rows.every((trace) => selected.has(trace.trace_id));
  const selectAllShown = (on: boolean) => setSelected((current) => {
    const next = new Map(current);
    for (const trace of rows) if (on) next.set(trace.trace_id, trace); else next.delete(trace.trace_id);
    return next;
  });

  return (
    <Stack gap="md">
      <TraceMetricsCharts appId={appId} rangeMs={Number(range)} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Select
          label="Environment" placeholder="All environments" clearable value={environment} onChange={setEnvironment}
          data={ENVIRONMENT_NAMES.map((name) => ({ value: name, label: name }))}
        />
        <Select
          label="Status" placeholder="Any status" clearable value={status} onChange={setStatus}
          data={[{ value: 'ok', label: 'ok' }, { value: 'error', label: 'error' }]}
        />
        <Select label="Time range" value={range} onChange={(value) => value && setRange(value)} data={RANGES} allowDeselect={false} />
        <TextInput label="Search inputs and outputs" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
        <Select
          label="Scored" placeholder={scoreNames.length === 0 ? 'No score configs yet' : 'Any score'} clearable searchable
          value={scoreName} onChange={setScoreName} data={scoreNames} disabled={scoreNames.length === 0}
        />
        <NumberInput
          label="Score at least" placeholder={scoreName ? `any ${scoreName}` : 'choose a score first'} value={scoreMin}
          onChange={setScoreMin} disabled={!scoreName} decimalScale={6}
        />
      </SimpleGrid>
      {traces.isError ? <ErrorMessage error={traces.error} title="Could not load traces" onRetry={() => void traces.refetch()} /> : null}
      {traces.isSuccess && rows.length === 0 ? (
        <EmptyNotice
          title="No traces here"
          description={filters.environment || filters.status || filters.search || filters.scoreName
            ? 'Nothing matches these filters in this time range: widen the range or clear a filter.'
            : 'Traces appear when a deployed service built with the SDK runs with init({ host, apiKey }), when an evaluation runs, or when any OpenTelemetry app sends them to /v1/traces.'}
        />
      ) : null}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Anchor component={Link} to={`/apps/${appId}/sessions`} size="sm">Sessions of this app</Anchor>
      </Group>
      {selected.size > 0 ? (
        <Paper withBorder p="xs" radius="md" component="section" aria-label="Selected traces">
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={600}>{selected.size} selected</Text>
            <Button size="xs" onClick={() => setAdding(true)}>Add to test set</Button>
            <AddToQueue traceIds={[...selected.keys()]} />
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())}>Clear selection</Button>
          </Group>
        </Paper>
      ) : null}
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover aria-label="Traces">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox aria-label="Select every trace shown" checked={allShownSelected}
                    indeterminate={!allShownSelected && rows.some((trace) => selected.has(trace.trace_id))}
                    onChange={(event) => selectAllShown(event.currentTarget.checked)} />
                </Table.Th>
                <Table.Th>Time</Table.Th><Table.Th>Name</Table.Th><Table.Th>Inputs</Table.Th><Table.Th>Environment</Table.Th>
                <Table.Th>Status</Table.Th><Table.Th>Latency</Table.Th><Table.Th>Tokens</Table.Th><Table.Th>Cost</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((trace) => (
                <TraceRow key={trace.trace_id} trace={trace} onOpen={() => setOpenTrace(trace.trace_id)}
                  selected={selected.has(trace.trace_id)} onSelect={(on) => select(trace, on)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {traces.hasNextPage ? (
        <Group justify="center">
          <Button variant="light" loading={traces.isFetchingNextPage} onClick={() => void traces.fetchNextPage()}>Load more traces</Button>
        </Group>
      ) : null}
      <TraceDrawer appId={appId} traceId={openTrace} onClose={() => setOpenTrace(null)} />
      {adding ? (
        <AddToTestsetDialog appId={appId} traces={[...selected.values()]} onClose={() => setAdding(false)}
          onAdded={() => { setAdding(false); setSelected(new Map()); }} />
      ) : null}
    </Stack>
  );
}
