import { Button, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import type { HumanMetric, HumanScenario } from '@crucible/client';

export type MetricValue = { value: number | boolean | null } | { string_value: string | null };

/** Small integer ranges (1–5, 0–10) get a button per value; anything else a number field. */
export function valueChoices(metric: HumanMetric): number[] | null {
  if (metric.data_type !== 'numeric' || metric.min === null || metric.max === null) return null;
  if (!Number.isInteger(metric.min) || !Number.isInteger(metric.max) || metric.max - metric.min > 10) return null;
  return Array.from({ length: metric.max - metric.min + 1 }, (_, i) => metric.min! + i);
}

/** What a key means for the metric in focus: a digit picks a value or the n-th category, y/n answer a yes-or-no metric. */
export function valueForKey(metric: HumanMetric, key: string): MetricValue | null {
  if (metric.data_type === 'boolean') return key === 'y' ? { value: true } : key === 'n' ? { value: false } : null;
  if (!/^\d$/.test(key)) return null;
  const digit = Number(key);
  if (metric.data_type === 'categorical') {
    const category = metric.categories?.[digit - 1];
    return category ? { value: category.value } : null;
  }
  return valueChoices(metric)?.includes(digit) ? { value: digit } : null;
}

/** A row is judged once every metric but free text has a value. */
export const judgedOnMetrics = (metrics: HumanMetric[], scenario: HumanScenario): boolean =>
  metrics.every((m) => m.data_type === 'text' || scenario.scores.some((s) => s.config_id === m.id));

function MetricControl({ metric, current, onValue }: {
  metric: HumanMetric;
  current: HumanScenario['scores'][number] | undefined;
  onValue: (value: MetricValue) => void;
}) {
  const pick = (value: number | boolean, chosen: boolean, label: string) => (
    <Button key={label} size="xs" variant={chosen ? 'filled' : 'light'} onClick={() => onValue({ value })}>{label}</Button>
  );
  switch (metric.data_type) {
    case 'boolean':
      return <Group gap="xs">{pick(true, current?.value === 1, 'y · Yes')}{pick(false, current?.value === 0, 'n · No')}</Group>;
    case 'categorical':
      return <Group gap="xs">{(metric.categories ?? []).map((c, i) => pick(c.value, current?.value === c.value, `${i + 1} · ${c.label}`))}</Group>;
    case 'text':
      return (
        <Textarea aria-label={metric.name} defaultValue={current?.string_value ?? ''} autosize minRows={1} key={current?.string_value ?? ''}
          onBlur={(e) => { if (e.currentTarget.value !== (current?.string_value ?? '')) onValue({ string_value: e.currentTarget.value || null }); }}
          onKeyDown={(e) => { if (e.key === 'Escape') e.currentTarget.blur(); }} />
      );
    default: {
      const choices = valueChoices(metric);
      if (choices) return <Group gap="xs">{choices.map((v) => pick(v, current?.value === v, String(v)))}</Group>;
      return (
        <NumberInput aria-label={metric.name} w={160} min={metric.min ?? undefined} max={metric.max ?? undefined} key={String(current?.value)}
          defaultValue={current?.value ?? ''} onBlur={(e) => { const v = e.currentTarget.value; if (v !== '') onValue({ value: Number(v) }); }} />
      );
    }
  }
}

/** One control per score config; the one in focus (↑/↓) takes the keys. */
export function MetricJudgment({ metrics, scenario, focused, onFocus, onValue }: {
  metrics: HumanMetric[];
  scenario: HumanScenario;
  focused: number;
  onFocus: (index: number) => void;
  onValue: (metric: HumanMetric, value: MetricValue) => void;
}) {
  return (
    <Stack gap="xs" aria-label="Score configs">
      {metrics.map((metric, i) => (
        <Group key={metric.id} gap="sm" wrap="wrap" p={6} onClick={() => onFocus(i)} aria-current={i === focused ? 'true' : undefined}
          style={{ borderRadius: 6, outline: i === focused ? '2px solid var(--mantine-color-blue-4)' : undefined }}>
          <Text fw={600} w={140} truncate="end" title={metric.name}>{metric.name}</Text>
          <MetricControl metric={metric} current={scenario.scores.find((s) => s.config_id === metric.id)} onValue={(value) => onValue(metric, value)} />
        </Group>
      ))}
    </Stack>
  );
}
