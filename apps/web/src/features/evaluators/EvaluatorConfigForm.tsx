import { useState } from 'react';
import { Alert, Button, Code, Divider, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { ApiError, describeError } from '../../api/api-error';
import type { EvaluatorDescriptor } from '@crucible/client';
import { ConnectionSettingField, ModelSettingField } from './ProviderSettingFields';
import { SettingField, type SettingValue, initialSetting } from './SettingField';
import { useSaveEvaluatorConfig, useTryEvaluator } from './evaluators.queries';

/** Empty fields are left out, so the api applies their defaults. */
const settingsPayload = (values: Record<string, SettingValue>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

/** Settings drawn from the evaluator's template, a "try it" box over one sample, then save. */
export function EvaluatorConfigForm({ evaluator, onSaved }: { evaluator: EvaluatorDescriptor; onSaved: () => void }) {
  const [name, setName] = useState(evaluator.key.replace(/^auto_/, '').replace(/_/g, '-'));
  const [values, setValues] = useState<Record<string, SettingValue>>(() =>
    Object.fromEntries(Object.values(evaluator.settings_template).map((t) => [t.key, initialSetting(t)])));
  const [sampleOutput, setSampleOutput] = useState('');
  const [sampleAnswer, setSampleAnswer] = useState('');
  const tryIt = useTryEvaluator();
  const save = useSaveEvaluatorConfig();
  const apiError = [save.error, tryIt.error].find((e) => e instanceof ApiError) as ApiError | undefined;
  const needsAnswer = Object.values(evaluator.settings_template).some((t) => t.ground_truth_column);
  const result = tryIt.data?.result;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={`Configure ${evaluator.name}`}>
      <Stack>
        <Title order={3} size="h4">{evaluator.name}</Title>
        <Text size="sm" c="dimmed">{evaluator.description}</Text>
        <TextInput label="Config name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={save.error instanceof ApiError ? save.error.messageFor('name') : undefined} />
        {Object.values(evaluator.settings_template).map((template) => {
          const field = {
            template, error: apiError?.messageFor(template.key), onChange: (value: SettingValue) => setValues((v) => ({ ...v, [template.key]: value })),
          };
          if (template.options_from === 'provider_connections') return <ConnectionSettingField key={template.key} {...field} value={String(values[template.key] ?? '')} />;
          if (template.options_from === 'models') {
            return <ModelSettingField key={template.key} {...field} value={String(values[template.key] ?? '')} connectionId={String(values['connection_id'] ?? '')} />;
          }
          return <SettingField key={template.key} {...field} value={values[template.key] ?? ''} />;
        })}
        <Divider label="Try it on a sample" labelPosition="left" />
        <Textarea label="Sample output" autosize minRows={2} value={sampleOutput} onChange={(e) => setSampleOutput(e.currentTarget.value)} />
        {needsAnswer ? <TextInput label="Sample correct answer" value={sampleAnswer} onChange={(e) => setSampleAnswer(e.currentTarget.value)} /> : null}
        <Group>
          <Button variant="light" loading={tryIt.isPending}
            onClick={() => tryIt.mutate({ key: evaluator.key, settings_values: settingsPayload(values), output: sampleOutput, ...(needsAnswer ? { correct_answer: sampleAnswer } : {}) })}>
            Try it
          </Button>
          {result ? (
            <Text role="status" size="sm">
              Result: {result.type === 'error' ? <Text span c="red">error — {result.error?.message}</Text> : <Code>{JSON.stringify(result.value)}</Code>}
            </Text>
          ) : null}
        </Group>
        {tryIt.isError ? <Alert color="red" role="alert" title="The evaluator could not run">{describeError(tryIt.error)}</Alert> : null}
        {save.isError ? <Alert color="red" role="alert" title="Not saved">{describeError(save.error)}</Alert> : null}
        <Group justify="flex-end">
          <Button loading={save.isPending} onClick={() => save.mutate({ name, evaluator_key: evaluator.key, settings_values: settingsPayload(values) }, { onSuccess: onSaved })}>
            Save evaluator
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
