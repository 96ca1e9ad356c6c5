import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** A secret or link shown once: the text, what to do with it, and a button that copies it. */
export function CopyableCode({ value, label, copyLabel, note }: { value: string; label: string; copyLabel: string; note: string }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>{note}</Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} aria-label={label}>{value}</Code>
      <Group justify="flex-end">
        <CopyButton value={value}>
          {({ copied, copy }) => <Button size="compact-sm" variant="light" onClick={copy}>{copied ? 'Copied' : copyLabel}</Button>}
        </CopyButton>
      </Group>
    </Stack>
  );
}
