import { type ReactNode, useEffect, useRef } from 'react';
import { Button, Group, Kbd, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { ScoreConfig } from '@crucible/client';
import { categoryKeys, numericChoices } from './rubric-keys';

/** What the annotator has answered for one config so far. */
export interface Answered {
  value?: number | boolean;
  stringValue?: string;
}

export const isAnswered = (config: ScoreConfig, answer: Answered | undefined): boolean =>
  config.data_type === 'text' ? Boolean(answer?.stringValue?.trim()) : answer?.value !== undefined;

function KeyHint({ keys }: { keys: string }) {
  return <Text span size="xs" c="dimmed" ml={4}><Kbd size="xs">{keys}</Kbd></Text>;
}

/**
 * One config of the rubric: buttons that show their key (digits, letters, y/n), a number field for wide ranges, a text
 * box for text. The active control is outlined; its keys are the ones that work (AnnotatePage binds them).
 */
export function RubricControl({ config, answer, active, onAnswer, onActivate, onSubmit }: {
  config: ScoreConfig;
  answer: Answered | undefined;
  active: boolean;
  onAnswer: (answer: Answered) => void;
  onActivate: () => void;
  /** Enter in the text box: complete the item. */
  onSubmit: () => void;
}) {
  const text = useRef<HTMLInputElement>(null);
  // Reaching a text control puts the cursor in it: typing needs no mouse; Esc leaves it.
  useEffect(() => {
    if (active && config.data_type === 'text') text.current?.focus();
  }, [active, config.data_type]);
  const choice = (label: string, chosen: boolean, onClick: () => void, key: string | null) => (
    <Button key={label} size="xs" variant={chosen ? 'filled' : 'light'} onClick={onClick} aria-pressed={chosen}>
      {label}{key ? <KeyHint keys={key} /> : null}
    </Button>
  );
  return (
    <Paper withBorder p="sm" radius="md" onClick={onActivate} aria-label={`Score ${config.name}`} aria-current={active ? 'step' : undefined}
      style={{ borderColor: active ? 'var(--mantine-color-blue-6)' : undefined, borderWidth: active ? 2 : 1 }}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{config.name}</Text>
          <Text size="xs" c={isAnswered(config, answer) ? 'teal' : 'dimmed'}>{isAnswered(config, answer) ? 'answered' : config.data_type}</Text>
        </Group>
        {config.description ? <Text size="xs" c="dimmed">{config.description}</Text> : null}
        {config.data_type === 'numeric' ? <NumericChoice config={config} answer={answer} onAnswer={onAnswer} choice={choice} /> : null}
        {config.data_type === 'categorical' ? (
          <Group gap={6}>
            {(config.categories ?? []).map((category, i) => choice(category.label, answer?.value === category.value,
              () => onAnswer({ value: category.value }), categoryKeys(config)[i] ?? null))}
          </Group>
        ) : null}
        {config.data_type === 'boolean' ? (
          <Group gap={6}>
            {choice('Yes', answer?.value === true, () => onAnswer({ value: true }), 'y')}
            {choice('No', answer?.value === false, () => onAnswer({ value: false }), 'n')}
          </Group>
        ) : null}
        {config.data_type === 'text' ? (
          <TextInput ref={text} aria-label={config.name} value={answer?.stringValue ?? ''} placeholder="Type, then Enter to complete (Esc leaves the box)"
            onChange={(event) => onAnswer({ stringValue: event.currentTarget.value })} onFocus={onActivate}
            onKeyDown={(event) => {
              if (event.key === 'Escape') event.currentTarget.blur();
              if (event.key === 'Enter') onSubmit();
            }} />
        ) : null}
      </Stack>
    </Paper>
  );
}

function NumericChoice({ config, answer, onAnswer, choice }: {
  config: ScoreConfig;
  answer: Answered | undefined;
  onAnswer: (answer: Answered) => void;
  choice: (label: string, chosen: boolean, onClick: () => void, key: string | null) => ReactNode;
}) {
  const choices = numericChoices(config);
  if (choices.length > 0) {
    return (
      <Group gap={6}>
        {/* A digit's key is its own label: no hint beside it. */}
        {choices.map((value) => choice(String(value), answer?.value === value, () => onAnswer({ value }), null))}
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <NumberInput aria-label={config.name} size="xs" value={typeof answer?.value === 'number' ? answer.value : ''} min={config.min ?? undefined}
        max={config.max ?? undefined} onChange={(value) => onAnswer(typeof value === 'number' ? { value } : {})} w={140} />
      <Text size="xs" c="dimmed"><Kbd size="xs">←</Kbd>/<Kbd size="xs">→</Kbd> step</Text>
    </Group>
  );
}
