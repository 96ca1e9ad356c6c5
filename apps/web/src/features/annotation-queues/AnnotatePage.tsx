import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Code, Group, Kbd, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type HotkeyItem, useHotkeys } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import type { AnnotationItem, ScoreConfig, TraceDetail } from '@crucible/client';
import { ErrorMessage, QueryState } from '../../ui/QueryState';
import { formatCost, formatMs, formatValue } from '../../ui/format';
import { TraceWaterfall } from '../traces/TraceWaterfall';
import { useTrace } from '../traces/traces.queries';
import { type Answer, useAnnotationQueue, useCompleteItem, useNextItem, useSkipItem } from './annotation-queues.queries';
import { useScoreConfigs } from '../scores/scores.queries';
import { type Answered, RubricControl, isAnswered } from './RubricControl';
import { categoryKeys, numericChoices, stepped } from './rubric-keys';

/** Inputs as name: value lines when they are an object, else as one value. */
function Inputs({ inputs }: { inputs: unknown }) {
  if (inputs && typeof inputs === 'object' && !Array.isArray(inputs)) {
    return <>{Object.entries(inputs).map(([name, value]) => <Text key={name} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}><b>{name}</b>: {formatValue(value)}</Text>)}</>;
  }
  return <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{formatValue(inputs)}</Text>;
}

function TraceView({ trace }: { trace: TraceDetail }) {
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{trace.name}</Text>
        <Badge color={trace.status === 'error' ? 'red' : 'green'} tt="none">{trace.status}</Badge>
        <Text size="sm" c="dimmed">{formatMs(trace.latency_ms)} · {trace.tokens.total} tokens · {formatCost(trace.cost)}</Text>
      </Group>
      <Card withBorder aria-label="Input"><Text size="xs" c="dimmed" mb={4}>Input</Text><Inputs inputs={trace.inputs} /></Card>
      <Card withBorder aria-label="Output">
        <Text size="xs" c="dimmed" mb={4}>Output</Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{trace.error ? `error: ${trace.error.message}` : formatValue(trace.output)}</Text>
      </Card>
      <Card withBorder><Text size="xs" c="dimmed" mb={4}>Spans</Text><TraceWaterfall trace={trace} /></Card>
    </Stack>
  );
}

/** The keys of the active control: digits and arrows for numbers, letters for categories, y/n for booleans. */
function controlKeys(config: ScoreConfig | undefined, answer: Answered | undefined, set: (answer: Answered) => void): HotkeyItem[] {
  if (!config) return [];
  if (config.data_type === 'boolean') return [['y', () => set({ value: true })], ['n', () => set({ value: false })]];
  if (config.data_type === 'categorical') {
    const keys = categoryKeys(config);
    return (config.categories ?? []).flatMap((category, i): HotkeyItem[] => (keys[i] ? [[keys[i], () => set({ value: category.value })]] : []));
  }
  if (config.data_type !== 'numeric') return [];
  const current = typeof answer?.value === 'number' ? answer.value : null;
  const digits = numericChoices(config).filter((value) => value >= 0 && value <= 9)
    .map((value): HotkeyItem => [String(value), () => set({ value })]);
  return [...digits, ['ArrowLeft', () => set({ value: stepped(config, current, -1) })], ['ArrowRight', () => set({ value: stepped(config, current, 1) })]];
}

function Annotate({ queueId, rubric }: { queueId: string; rubric: ScoreConfig[] }) {
  const queue = useAnnotationQueue(queueId);
  const nextItem = useNextItem(queueId);
  const complete = useCompleteItem(queueId);
  const skip = useSkipItem(queueId);
  const [item, setItem] = useState<AnnotationItem | null | undefined>(undefined);
  const [answers, setAnswers] = useState<Record<string, Answered>>({});
  const [active, setActive] = useState(0);
  const [missing, setMissing] = useState<string | null>(null);
  const [completedHere, setCompletedHere] = useState(0);
  const trace = useTrace(item?.trace_id ?? null);

  const fetchNext = useCallback(() => {
    // No item while the next is on its way: a second Enter cannot complete the one just done.
    setItem(undefined);
    setAnswers({});
    setActive(0);
    setMissing(null);
    nextItem.mutate(undefined, { onSuccess: setItem });
    // The mutation object is new each render; its `mutate` is stable, so the first item is asked for once.
  }, [nextItem.mutate]);
  useEffect(fetchNext, [fetchNext]);

  const answer = (index: number, given: Answered) => {
    const config = rubric[index]!;
    setAnswers((all) => ({ ...all, [config.id]: given }));
    setMissing(null);
    // A choice made moves on to the next control; text and arrows stay until the annotator moves.
    const chose = config.data_type !== 'text' && given.value !== undefined && !(config.data_type === 'numeric' && numericChoices(config).length === 0);
    if (chose && index < rubric.length - 1) setActive(index + 1);
  };

  const completeNow = () => {
    if (!item || complete.isPending) return;
    const unanswered = rubric.findIndex((config) => !isAnswered(config, answers[config.id]));
    if (unanswered >= 0) {
      setActive(unanswered);
      setMissing(rubric[unanswered]!.name);
      return;
    }
    const scores: Answer[] = rubric.map((config) => {
      const given = answers[config.id]!;
      return config.data_type === 'text' ? { config_id: config.id, string_value: given.stringValue!.trim() } : { config_id: config.id, value: given.value! };
    });
    complete.mutate({ itemId: item.id, scores }, { onSuccess: () => { setCompletedHere((n) => n + 1); fetchNext(); } });
  };
  const skipNow = () => {
    if (item && !skip.isPending) skip.mutate(item.id, { onSuccess: fetchNext });
  };

  const activeConfig = rubric[active];
  // useHotkeys leaves keys typed in the text box alone; each key must match exactly (no modifier held).
  useHotkeys([
    ['Enter', completeNow],
    ['s', skipNow],
    ['ArrowUp', () => setActive((i) => Math.max(0, i - 1))],
    ['ArrowDown', () => setActive((i) => Math.min(rubric.length - 1, i + 1))],
    ...controlKeys(activeConfig, activeConfig ? answers[activeConfig.id] : undefined, (given) => answer(active, given)),
  ]);

  const progress = queue.data?.progress;
  const header = (
    <Stack gap={4}>
      <Group justify="space-between" wrap="wrap">
        <Text fw={600} aria-live="polite">{progress ? `${progress.done} of ${progress.total} done` : ' '}</Text>
        <Text size="sm" c="dimmed">{completedHere} completed by you here{progress && progress.held > 1 ? ` · ${progress.held - 1} held by others` : ''}</Text>
      </Group>
      <Progress value={progress && progress.total ? (progress.done / progress.total) * 100 : 0} aria-label="Done" />
    </Stack>
  );

  if (nextItem.isError && !item) return <Stack>{header}<ErrorMessage error={nextItem.error} title="Could not get the next item" onRetry={fetchNext} /></Stack>;
  if (item === null) {
    return (
      <Stack>
        {header}
        <Alert color="teal" role="status" title="Nothing left for you here">
          Every item is done or held by someone else. <Anchor component={Link} to={`/annotation-queues/${queueId}`}>Back to the queue</Anchor>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack>
      {header}
      {item ? <Code style={{ overflowWrap: 'anywhere' }} aria-label="Trace id">{item.trace_id}</Code> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <QueryState query={trace} label="the trace">{(detail) => <TraceView trace={detail} />}</QueryState>
        <Stack gap="sm" aria-label="Rubric">
          {rubric.map((config, i) => (
            <RubricControl key={`${item?.id}-${config.id}`} config={config} answer={answers[config.id]} active={i === active}
              onAnswer={(given) => answer(i, given)} onActivate={() => setActive(i)} onSubmit={completeNow} />
          ))}
          {missing ? <Alert color="yellow" role="alert">Answer “{missing}” before completing.</Alert> : null}
          {complete.isError ? <ErrorMessage error={complete.error} title="Not completed" /> : null}
          {skip.isError ? <ErrorMessage error={skip.error} title="Not skipped" /> : null}
          <Group gap="xs">
            <Button onClick={completeNow} loading={complete.isPending} disabled={!item}>Complete <Kbd ml={6} size="xs">Enter</Kbd></Button>
            <Button variant="default" onClick={skipNow} loading={skip.isPending} disabled={!item}>Skip <Kbd ml={6} size="xs">s</Kbd></Button>
          </Group>
          <Text size="xs" c="dimmed">
            Keys: <Kbd>↑</Kbd>/<Kbd>↓</Kbd> move between scores; numbers <Kbd>1</Kbd>–<Kbd>9</Kbd> or <Kbd>←</Kbd>/<Kbd>→</Kbd>,
            categories by their letter, <Kbd>y</Kbd>/<Kbd>n</Kbd> for yes/no; <Kbd>Enter</Kbd> completes and moves on, <Kbd>s</Kbd> skips.
          </Text>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/** The keyboard-first annotation screen (ARCHITECTURE §18), like the judging one: one held item at a time. */
export function AnnotatePage() {
  const { queueId = '' } = useParams();
  const queue = useAnnotationQueue(queueId);
  const configs = useScoreConfigs();
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>Annotate{queue.data ? `: ${queue.data.name}` : ''}</Title>
        <Anchor component={Link} to={`/annotation-queues/${queueId}`}>Queue</Anchor>
      </Group>
      <QueryState query={queue} label="annotation queue">
        {(detail) => (
          <QueryState query={configs} label="score configs">
            {(all) => <Annotate queueId={queueId} rubric={detail.score_config_ids.flatMap((id) => all.filter((config) => config.id === id))} />}
          </QueryState>
        )}
      </QueryState>
    </Stack>
  );
}
