import { useState } from 'react';
import { Button, Grid, Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { VariantSchemaResponse } from '@crucible/contracts';
import { ApiError } from '../../api/api-error';
import type { Variant } from '@crucible/client';
import { ErrorMessage } from '../../ui/QueryState';
import { ConfigForm } from './ConfigForm';
import { InputsForm } from './InputsForm';
import { RunResult } from './RunResult';
import { SaveActions } from './SaveActions';
import { type ConfigValues, initialValues } from './config-fields';
import { useRunPlayground } from './playground.queries';

/**
 * The playground for one variant revision: a control per config field (starting from the revision's values, else
 * the schema's defaults), the route's inputs, Run (also Ctrl/Cmd+Enter), and the answer with its trace.
 */
export function PlaygroundEditor({ variant, schema, parameters, inputs, onInputsChange, onSavedRevision, onSavedVariant }: {
  variant: Variant;
  schema: VariantSchemaResponse;
  parameters: Record<string, unknown> | undefined;
  inputs: Record<string, string>;
  onInputsChange: (inputs: Record<string, string>) => void;
  onSavedRevision: (revision: number) => void;
  onSavedVariant: (variantId: string) => void;
}) {
  const [values, setValues] = useState<ConfigValues>(() => initialValues(schema.config_schema, parameters));
  const run = useRunPlayground();
  const execute = () => run.mutate({ variantId: variant.variant_id, inputs, config: values });
  // Ctrl/Cmd+Enter runs from anywhere, text areas included.
  useHotkeys([['mod+Enter', execute]], []);
  const errorFor = (field: string) => (run.error instanceof ApiError ? run.error.messageFor(field) : undefined);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Text fw={600}>Configuration</Text>
            <ConfigForm schema={schema.config_schema} values={values} onChange={setValues} errorFor={errorFor} />
            <SaveActions variant={variant} values={values} onSavedRevision={onSavedRevision} onSavedVariant={onSavedVariant} />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Text fw={600}>Inputs</Text>
              {schema.inputs.length ? <InputsForm names={schema.inputs} values={inputs} onChange={onInputsChange} errorFor={errorFor} />
                : <Text size="sm" c="dimmed">This route declares no inputs.</Text>}
              <Group gap="xs">
                <Button onClick={execute} loading={run.isPending}>Run</Button>
                <Text size="xs" c="dimmed"><Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd></Text>
              </Group>
            </Stack>
          </Paper>
          {run.isError ? <ErrorMessage error={run.error} title={run.error instanceof ApiError && run.error.status === 422 ? 'The service refused this run' : 'The run failed'} /> : null}
          {run.data ? <RunResult result={run.data} /> : null}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
