import { useCallback, useRef, useState } from 'react';
import { Badge, Button, Card, Group, Kbd, Progress, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { type HotkeyItem, useHotkeys } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import type { HumanEvaluation, HumanScenario } from '@crucible/client';
import { ErrorMessage, QueryState } from '../../ui/QueryState';
import { type Judgment, useHumanEvaluation, useHumanScenarios, useJudge } from './human-evaluations.queries';
import { MetricJudgment, judgedOnMetrics, valueForKey } from './MetricJudgment';

/** A stable coin flip per scenario: the same person sees the same sides on every visit, and neither side is always A. */
function swapped(scenarioId: string): boolean {
  let hash = 0;
  for (const char of scenarioId) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return (hash & 1) === 1;
}

function judged(evaluation: HumanEvaluation, s: HumanScenario): boolean {
  if (evaluation.evaluation_type === 'human_a_b_testing') return s.vote !== null;
  return evaluation.score_configs.length > 0 ? judgedOnMetrics(evaluation.score_configs, s) : s.score !== null;
}

function Judge({ evaluation, scenarios }: { evaluation: HumanEvaluation; scenarios: HumanScenario[] }) {
  const [index, setIndex] = useState(() => Math.max(0, scenarios.findIndex((s) => !judged(evaluation, s))));
  const judge = useJudge(evaluation.id);
  const note = useRef<HTMLTextAreaElement>(null);
  const scenario = scenarios[Math.min(index, scenarios.length - 1)]!;
  const ab = evaluation.evaluation_type === 'human_a_b_testing';
  const metrics = evaluation.score_configs;
  const [focused, setFocused] = useState(0);
  const sides = swapped(scenario.id) ? [...scenario.outputs].reverse() : scenario.outputs;
  const left = scenarios.flatMap((s, i) => (judged(evaluation, s) ? [] : [i]));
  const move = useCallback((step: number) => setIndex((i) => Math.min(scenarios.length - 1, Math.max(0, i + step))), [scenarios.length]);
  const send = useCallback((judgment: Judgment, advance: boolean) => {
    judge.mutate({ scenarioId: scenario.id, judgment });
    if (advance) move(1);
  }, [judge, scenario.id, move]);

  // Not while typing in the note (useHotkeys skips inputs), nor with a modifier held (each key must match exactly).
  const votes: HotkeyItem[] = ab
    ? [
      ['1', () => send({ vote: sides[0]!.variant_revision_id }, true)],
      ['2', () => send({ vote: sides[1]!.variant_revision_id }, true)],
      ['3', () => send({ vote: '1' }, true)],
      ['0', () => send({ vote: '0' }, true)],
    ]
    : metrics.length > 0
      ? [
        ['ArrowUp', () => setFocused((f) => Math.max(0, f - 1))],
        ['ArrowDown', () => setFocused((f) => Math.min(metrics.length - 1, f + 1))],
        ['Enter', () => move(1)],
        ...['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'y'].map((key): HotkeyItem => [key, () => {
          const metric = metrics[focused];
          const value = metric ? valueForKey(metric, key) : null;
          if (metric && value) send({ scores: [{ config_id: metric.id, ...value }] }, false);
        }]),
      ]
      : [1, 2, 3, 4, 5].map((score): HotkeyItem => [String(score), () => send({ score }, true)]);
  useHotkeys([
    ['ArrowLeft', () => move(-1)],
    ['ArrowRight', () => move(1)],
    ['p', () => send({ is_pinned: !scenario.is_pinned }, false)],
    ['n', () => {
      const metric = metrics[focused];
      if (metric?.data_type === 'boolean') send({ scores: [{ config_id: metric.id, value: false }] }, false);
      else note.current?.focus();
    }],
    ...votes,
  ]);

  const chosenSide = scenario.vote ? sides.findIndex((o) => o.variant_revision_id === scenario.vote) : -1;
  const done = scenarios.length - left.length;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Text fw={600} aria-live="polite">Scenario {index + 1} of {scenarios.length}</Text>
        <Text size="sm" c="dimmed">{done} judged · {left.length} left</Text>
      </Group>
      <Progress value={(done / Math.max(1, scenarios.length)) * 100} aria-label="Judged" />
      <Card withBorder aria-label="Inputs">
        {scenario.inputs.map((input) => <Text key={input.input_name}><b>{input.input_name}</b>: {input.input_value}</Text>)}
      </Card>
      <SimpleGrid cols={{ base: 1, sm: sides.length }}>
        {sides.map((output, i) => (
          <Card key={i} withBorder aria-label={`Output ${i + 1}`} bd={chosenSide === i ? '2px solid var(--mantine-color-teal-6)' : undefined}>
            <Text size="xs" c="dimmed" mb={4}>{ab ? `Output ${i + 1} — press ${i + 1}` : 'Output'}</Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{output.error ? `error: ${output.error.message}` : output.variant_output}</Text>
          </Card>
        ))}
      </SimpleGrid>
      {metrics.length > 0 ? (
        <Card withBorder>
          <MetricJudgment metrics={metrics} scenario={scenario} focused={focused} onFocus={setFocused}
            onValue={(metric, value) => send({ scores: [{ config_id: metric.id, ...value }] }, false)} />
        </Card>
      ) : null}
      <Group gap="xs" wrap="wrap">
        {ab ? (
          <>
            <Button variant={chosenSide === 0 ? 'filled' : 'light'} onClick={() => send({ vote: sides[0]!.variant_revision_id }, true)}>1 · Output 1 is better</Button>
            <Button variant={chosenSide === 1 ? 'filled' : 'light'} onClick={() => send({ vote: sides[1]!.variant_revision_id }, true)}>2 · Output 2 is better</Button>
            <Button variant={scenario.vote === '1' ? 'filled' : 'light'} color="teal" onClick={() => send({ vote: '1' }, true)}>3 · Both good</Button>
            <Button variant={scenario.vote === '0' ? 'filled' : 'light'} color="red" onClick={() => send({ vote: '0' }, true)}>0 · Both bad</Button>
          </>
        ) : metrics.length > 0 ? null : [1, 2, 3, 4, 5].map((score) => (
          <Button key={score} variant={scenario.score === score ? 'filled' : 'light'} onClick={() => send({ score }, true)}>{score}</Button>
        ))}
        <Button variant={scenario.is_pinned ? 'filled' : 'default'} onClick={() => send({ is_pinned: !scenario.is_pinned }, false)}>
          {scenario.is_pinned ? 'Pinned' : 'Pin'}
        </Button>
      </Group>
      <Textarea ref={note} label="Note" key={scenario.id} defaultValue={scenario.note ?? ''} autosize minRows={1}
        onBlur={(e) => { if (e.currentTarget.value !== (scenario.note ?? '')) send({ note: e.currentTarget.value }, false); }}
        onKeyDown={(e) => { if (e.key === 'Escape') e.currentTarget.blur(); }} />
      {judge.isError ? <ErrorMessage error={judge.error} title="The vote was not saved" /> : null}
      <Text size="xs" c="dimmed">
        Keys: {ab ? <><Kbd>1</Kbd>/<Kbd>2</Kbd> vote, <Kbd>3</Kbd> both good, <Kbd>0</Kbd> both bad</>
          : metrics.length > 0 ? <><Kbd>↑</Kbd>/<Kbd>↓</Kbd> pick a score, <Kbd>1</Kbd>–<Kbd>9</Kbd> value or category, <Kbd>y</Kbd>/<Kbd>n</Kbd> yes or no, <Kbd>Enter</Kbd> next row</>
          : <><Kbd>1</Kbd>–<Kbd>5</Kbd> score</>},{' '}
        <Kbd>←</Kbd>/<Kbd>→</Kbd> move, <Kbd>p</Kbd> pin, <Kbd>n</Kbd> note (<Kbd>Esc</Kbd> leaves it).
      </Text>
      {left.length > 0 ? (
        <Group gap={4} aria-label="Rows left">
          <Text size="sm">Rows left:</Text>
          {left.slice(0, 40).map((i) => <Badge key={i} variant="outline" style={{ cursor: 'pointer' }} onClick={() => setIndex(i)}>{i + 1}</Badge>)}
        </Group>
      ) : <Text size="sm" c="teal" role="status">Every row is judged. <Link to={`/human-evaluations/${evaluation.id}/results`}>See the results</Link>.</Text>}
    </Stack>
  );
}

export function JudgePage() {
  const { humanEvaluationId = '' } = useParams();
  const evaluation = useHumanEvaluation(humanEvaluationId);
  const scenarios = useHumanScenarios(humanEvaluationId);
  return (
    <Stack>
      <Title order={2}>Judge</Title>
      <QueryState query={evaluation} label="human evaluation">
        {(data) => (
          <QueryState query={scenarios} label="scenarios" empty={{ title: 'No outputs yet', description: `Outputs are being generated: ${data.progress.done} of ${data.progress.total}.` }}>
            {(list) => <Judge evaluation={data} scenarios={list} />}
          </QueryState>
        )}
      </QueryState>
    </Stack>
  );
}
