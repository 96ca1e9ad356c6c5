import { useState } from 'react';
import { Alert, Button, Group, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { describeError } from '../../api/api-error';
import { useApps } from '../apps/apps.queries';
import { useEvaluatorConfigs } from '../evaluators/evaluators.queries';
import { useTestset, useTestsets } from '../testsets/testsets.queries';
import { type NewEvaluation, useAppRevisions, useCreateEvaluation } from './evaluations.queries';

const RATE_FIELDS = [
  { key: 'batch_size', label: 'batch_size', description: 'rows sent to the app at once (1–1000)', min: 1, max: 1000 },
  { key: 'max_retries', label: 'max_retries', description: 'further tries of a row after a connection error, time-out, 429 or 5xx (0–20)', min: 0, max: 20 },
  { key: 'retry_delay', label: 'retry_delay', description: 'seconds between tries (0–600)', min: 0, max: 600 },
  { key: 'delay_between_batches', label: 'delay_between_batches', description: 'seconds between batches (0–3600)', min: 0, max: 3600 },
] as const;

/** Revisions × test set × evaluators, the rate limit in its units, and how many calls that will make. */
export function CreateEvaluationForm({ onCreated }: { onCreated: () => void }) {
  const apps = useApps();
  const testsets = useTestsets();
  const configs = useEvaluatorConfigs();
  const create = useCreateEvaluation();
  const [appId, setAppId] = useState<string | null>(null);
  const [revisionIds, setRevisionIds] = useState<string[]>([]);
  const [testsetId, setTestsetId] = useState<string | null>(null);
  const [groundTruth, setGroundTruth] = useState<string | null>('correct_answer');
  const [configIds, setConfigIds] = useState<string[]>([]);
  const [repetitions, setRepetitions] = useState(1);
  const [rateLimit, setRateLimit] = useState<NewEvaluation['rate_limit']>({ batch_size: 10, max_retries: 2, retry_delay: 1, delay_between_batches: 0 });
  const revisions = useAppRevisions(appId);
  const testset = useTestset(testsetId);
  const rows = testsets.data?.find((t) => t.id === testsetId)?.rows_count ?? 0;
  const columns = testset.data?.columns ?? [];
  const calls = revisionIds.length * rows * repetitions;
  const submit = () => {
    if (!appId || !testsetId || !groundTruth) return;
    create.mutate({
      app_id: appId, revisions_ids: revisionIds, testset_id: testsetId, evaluators_configs: configIds, correct_answer_column: groundTruth,
      rate_limit: rateLimit, repetitions,
    }, { onSuccess: onCreated });
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="New evaluation">
      <Stack>
        <Title order={3} size="h4">New evaluation</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select allowDeselect={false} label="App" data={(apps.data ?? []).map((a) => ({ value: a.app_id, label: a.app_name }))} value={appId}
            onChange={(v) => { setAppId(v); setRevisionIds([]); }} searchable />
          <MultiSelect label="Revisions" description="one evaluation each" data={revisions.data ?? []} value={revisionIds} onChange={setRevisionIds}
            disabled={!appId} />
          <Select allowDeselect={false} label="Test set" data={(testsets.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.rows_count} rows)` }))} value={testsetId}
            onChange={setTestsetId} searchable />
          <Select allowDeselect={false} label="Ground-truth column" description={columns.length ? `columns: ${columns.join(', ')}` : 'pick a test set first'}
            data={columns} value={columns.includes(groundTruth ?? '') ? groundTruth : null} onChange={setGroundTruth} disabled={!columns.length} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect label="Evaluators" data={(configs.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.evaluator_key})` }))}
            value={configIds} onChange={setConfigIds} />
          <NumberInput label="Repetitions" description="runs of each row (1–20); a row counts as the mean of its runs" min={1} max={20}
            allowDecimal={false} clampBehavior="strict" value={repetitions} onChange={(v) => setRepetitions(Number(v) || 1)} />
        </SimpleGrid>
        <Text fw={600} size="sm">Rate limit</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {RATE_FIELDS.map((field) => (
            <NumberInput key={field.key} label={field.label} description={field.description} min={field.min} max={field.max} allowDecimal={false}
              value={rateLimit[field.key]} onChange={(v) => setRateLimit((r) => ({ ...r, [field.key]: Number(v) || 0 }))} />
          ))}
        </SimpleGrid>
        <Text size="sm" role="status">
          {calls > 0
            ? `About ${calls.toLocaleString()} calls to the app (${revisionIds.length} revision${revisionIds.length > 1 ? 's' : ''} × ${rows.toLocaleString()} rows${repetitions > 1 ? ` × ${repetitions} repetitions` : ''}), at most ${(calls * (1 + rateLimit.max_retries)).toLocaleString()} with retries, plus one evaluator run per call and evaluator.`
            : 'Pick revisions and a test set to see how many calls this makes.'}
        </Text>
        {create.isError ? <Alert color="red" role="alert" title="Not started">{describeError(create.error)}</Alert> : null}
        <Group justify="flex-end">
          <Button onClick={submit} loading={create.isPending} disabled={!appId || !testsetId || revisionIds.length === 0 || !groundTruth}>
            Start evaluation
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
