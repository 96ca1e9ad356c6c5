import { Stack, Text } from '@mantine/core';

/** One labelled figure of a run (latency, tokens, cost…), readable by its label. */
export function Metric({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" fw={600} aria-label={label}>{value}</Text>
    </Stack>
  );
}
