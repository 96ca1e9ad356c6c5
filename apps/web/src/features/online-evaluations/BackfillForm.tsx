import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { describeError } from '../../api/api-error';
import { useBackfillOnlineEvaluation } from './online-evaluations.queries';

/** `YYYY-MM-DDTHH:mm` in the person's time zone, what a datetime-local input holds. */
function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const asInstant = (value: string): string | null => {
  const time = new Date(value).getTime();
  return value && Number.isFinite(time) ? new Date(time).toISOString() : null;
};

/** Runs the rule over the traces of its app that started in [from, to) and it has not seen yet, paused or not. */
export function BackfillForm({ ruleId }: { ruleId: string }) {
  const backfill = useBackfillOnlineEvaluation(ruleId);
  const [from, setFrom] = useState(() => localInputValue(new Date(Date.now() - 3_600_000)));
  const [to, setTo] = useState(() => localInputValue(new Date()));
  const range = { from: asInstant(from), to: asInstant(to) };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Backfill">
      <Stack gap="sm">
        <Title order={4}>Backfill</Title>
        <Text size="sm" c="dimmed">
          Run the rule over older traces of its app: those that started in the range and it has not seen are sampled and evaluated as if they had just arrived.
        </Text>
        <Group align="flex-end" wrap="wrap">
          <TextInput type="datetime-local" label="From" value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
          <TextInput type="datetime-local" label="To (not included)" value={to} onChange={(event) => setTo(event.currentTarget.value)} />
          <Button loading={backfill.isPending} disabled={!range.from || !range.to}
            onClick={() => backfill.mutate({ from: range.from!, to: range.to! })}>
            Backfill
          </Button>
        </Group>
        {backfill.isError ? <Alert color="red" role="alert" title="Not backfilled">{describeError(backfill.error)}</Alert> : null}
        {backfill.isSuccess ? (
          <Alert color="green" role="status" title="Backfill queued">
            {backfill.data.traces === 0
              ? 'No trace of the app in that range was new to the rule.'
              : `${backfill.data.traces.toLocaleString()} trace${backfill.data.traces === 1 ? '' : 's'} of the app in that range joined the log.`}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
