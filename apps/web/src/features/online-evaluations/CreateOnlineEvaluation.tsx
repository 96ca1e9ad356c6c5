import { useState } from 'react';
import { Alert, Autocomplete, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { describeError } from '../../api/api-error';
import { useAppEnvironments, useApps } from '../apps/apps.queries';
import { useEvaluatorConfigs } from '../evaluators/evaluators.queries';
import { useCreateOnlineEvaluation } from './online-evaluations.queries';

const TRACE_STATUSES = [{ value: 'ok', label: 'ok' }, { value: 'error', label: 'error' }];

/** Free text (a trace names any environment), offering the app's deployment environments. */
function EnvironmentInput({ appId, value, onChange }: { appId: string; value: string; onChange: (value: string) => void }) {
  const environments = useAppEnvironments(appId);
  return (
    <Autocomplete label="Environment" description="Only traces of this environment; empty: every one" value={value} onChange={onChange}
      data={(environments.data ?? []).map((item) => item.name)} placeholder="every environment" />
  );
}

/** A new rule: which app's traces, which evaluator config runs on them, which share of them, and how long after they arrive. */
export function CreateOnlineEvaluation({ onCreated }: { onCreated: (ruleId: string) => void }) {
  const apps = useApps();
  const configs = useEvaluatorConfigs();
  const create = useCreateOnlineEvaluation();
  const [name, setName] = useState('');
  const [appId, setAppId] = useState<string | null>(null);
  const [configId, setConfigId] = useState<string | null>(null);
  const [environment, setEnvironment] = useState('');
  const [route, setRoute] = useState('');
  const [model, setModel] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | string>(100);
  const [delay, setDelay] = useState<number | string>(0);
  const appOptions = (apps.data ?? []).map((app) => ({ value: app.app_id, label: app.app_name }));
  // An app's own configs and the project-wide ones (no app) fit its traces.
  const configOptions = (configs.data ?? [])
    .filter((config) => appId !== null && (config.app_id === undefined || config.app_id === appId))
    .map((config) => ({ value: config.id, label: `${config.name} (${config.evaluator_key})` }));
  const rate = typeof percent === 'number' ? percent / 100 : Number.NaN;
  const filter = {
    ...(route.trim() ? { route: route.trim() } : {}), ...(model.trim() ? { model: model.trim() } : {}), ...(status ? { status: status as 'ok' | 'error' } : {}),
  };
  const submit = () => create.mutate({
    name, app_id: appId!, evaluator_config_id: configId!, sampling_rate: rate,
    environment: environment.trim() || null, delay_seconds: typeof delay === 'number' ? delay : 0,
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
  }, { onSuccess: (rule) => onCreated(rule.id) });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="New online evaluation">
      <Stack>
        <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} required maxLength={200} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="App" description="The rule looks at this app's traces" data={appOptions} value={appId} searchable required
            onChange={(value) => { setAppId(value); setConfigId(null); }}
            nothingFoundMessage={apps.isSuccess && appOptions.length === 0 ? 'No apps yet: create one under Apps' : 'No match'} />
          <Select label="Evaluator config" description="Run on each sampled trace; its result is the score" data={configOptions} value={configId}
            onChange={setConfigId} searchable required disabled={appId === null}
            nothingFoundMessage={configs.isSuccess && configOptions.length === 0 ? 'No evaluator configs for this app: create one under Evaluators' : 'No match'} />
          {appId === null
            ? <TextInput label="Environment" description="Only traces of this environment; empty: every one" value={environment}
              onChange={(event) => setEnvironment(event.currentTarget.value)} placeholder="every environment" />
            : <EnvironmentInput appId={appId} value={environment} onChange={setEnvironment} />}
          <NumberInput label="Sampling rate (%)" description="The share of matching traces evaluated, drawn from each trace's id"
            value={percent} onChange={setPercent} min={0} max={100} decimalScale={3} suffix=" %" required />
          <TextInput label="Route" description="optional: only traces of this route" value={route} onChange={(event) => setRoute(event.currentTarget.value)} />
          <Select label="Trace status" description="optional: only traces that ended this way" data={TRACE_STATUSES} value={status} onChange={setStatus}
            clearable placeholder="any status" />
          <TextInput label="Model" description="optional: only traces whose model is this one" value={model} onChange={(event) => setModel(event.currentTarget.value)} />
          <NumberInput label="Delay (seconds)" description="How long after a trace arrives it is evaluated (late spans, feedback)"
            value={delay} onChange={setDelay} min={0} max={86_400} allowDecimal={false} />
        </SimpleGrid>
        {create.isError ? <Alert color="red" role="alert" title="Not created">{describeError(create.error)}</Alert> : null}
        <Group justify="flex-end">
          <Button loading={create.isPending} disabled={!name.trim() || appId === null || configId === null || Number.isNaN(rate)} onClick={submit}>
            Create
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
