import { type Dispatch, type SetStateAction, useMemo, useState } from 'react';
import { Badge, Button, Grid, Group, Kbd, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { Variant } from '@crucible/client';
import { ErrorMessage } from '../../ui/QueryState';
import { SaveActions } from '../playground/SaveActions';
import { DeployMenu } from '../revisions/DeployMenu';
import { useVariantSchema } from '../variants/variants.queries';
import { ChatConversation } from './ChatConversation';
import { PromptEditor } from './PromptEditor';
import { errorsByField } from './prompt-errors';
import { type BuiltinKind, type PromptMessage, type PromptParameters, readPromptParameters, servedModelChoices } from './prompt-parameters';
import { RunMetrics, answerText } from './RunMetrics';
import { promptVariables } from './template-variables';
import { useStreamedRun } from './use-streamed-run';

/**
 * The playground of a variant made from a template: the prompt editor beside a streamed run — the inputs its
 * variables need and, for a chat app, the conversation, which each reply continues. Run is also Ctrl/Cmd+Enter.
 */
export function PromptPlayground({ variant, kind, revision, parameters, inputs, onInputsChange, turns, setTurns, onSavedRevision, onSavedVariant }: {
  variant: Variant;
  kind: BuiltinKind;
  revision: number;
  parameters: Record<string, unknown> | undefined;
  inputs: Record<string, string>;
  onInputsChange: (inputs: Record<string, string>) => void;
  /** A chat's conversation, kept by the page so saving a revision does not end it. */
  turns: PromptMessage[];
  setTurns: Dispatch<SetStateAction<PromptMessage[]>>;
  onSavedRevision: (revision: number) => void;
  onSavedVariant: (variantId: string) => void;
}) {
  const saved = useMemo(() => readPromptParameters(parameters), [parameters]);
  const [edited, setEdited] = useState<PromptParameters>(saved);
  const [badJson, setBadJson] = useState<ReadonlySet<string>>(new Set());
  const [saveError, setSaveError] = useState<unknown>(null);
  const [draft, setDraft] = useState('');
  const { run, start, stop } = useStreamedRun();
  const schema = useVariantSchema(variant.variant_id);
  const variables = promptVariables(edited.prompt.messages, edited.prompt.template_format);
  const config: PromptParameters = { ...edited, prompt: { ...edited.prompt, input_keys: variables } };
  const unsaved = JSON.stringify(edited) !== JSON.stringify(saved);
  const errorFor = errorsByField(saveError, run.error);

  const execute = () => {
    if (badJson.size || run.status === 'running') return;
    // An input left empty is not sent, so the api names it (422) beside its field rather than rendering nothing.
    const values = Object.fromEntries(variables.filter((name) => inputs[name]).map((name) => [name, inputs[name]]));
    let conversation = turns;
    if (kind === 'chat' && draft.trim()) {
      conversation = [...turns, { role: 'user', content: draft }];
      setTurns(conversation);
      setDraft('');
    }
    // A finished chat reply joins the conversation, so the next run continues it.
    const appendReply = ({ data }: { data: unknown }) =>
      setTurns((now) => [...now, { role: 'assistant', content: typeof data === 'string' ? data : JSON.stringify(data, null, 2) }]);
    void start(variant.variant_id, { inputs: kind === 'chat' ? { ...values, messages: conversation } : values, config }, kind === 'chat' ? appendReply : undefined);
  };
  useHotkeys([['mod+Enter', execute]], []);
  const setJsonValidity = (key: string, valid: boolean) => setBadJson((now) => {
    const next = new Set(now);
    if (valid) next.delete(key);
    else next.add(key);
    return next;
  });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Paper withBorder p="md">
            <Stack gap="xs">
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text fw={600}>Revision {revision}</Text>
                {unsaved ? <Badge color="orange" variant="light">Unsaved changes</Badge> : <Badge color="gray" variant="light">Saved</Badge>}
              </Group>
              <Group gap="xs" wrap="wrap">
                <SaveActions variant={variant} values={config} onSavedRevision={onSavedRevision} onSavedVariant={onSavedVariant}
                  onError={setSaveError} disabled={badJson.size > 0} />
                <DeployMenu appId={variant.app_id} variantId={variant.variant_id} revision={revision} />
              </Group>
              <Text size="xs" c="dimmed">Deploy sends revision {revision} as saved{unsaved ? ': save first to deploy your changes' : ''}.</Text>
            </Stack>
          </Paper>
          <PromptEditor parameters={edited} servedModels={servedModelChoices(schema.data?.config_schema)} onChange={(next) => { setEdited(next); setSaveError(null); }} onJsonValidity={setJsonValidity} errorFor={errorFor} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Paper withBorder p="md" component="section" aria-label={kind === 'chat' ? 'Chat' : 'Run'}>
            <Stack gap="sm">
              <Text fw={600}>{kind === 'chat' ? 'Chat' : 'Inputs'}</Text>
              {variables.length ? (
                <Stack gap="xs" role="group" aria-label="Inputs">
                  {variables.map((name) => (
                    <Textarea key={name} label={name} value={inputs[name] ?? ''} autosize minRows={1} maxRows={8} error={errorFor(`inputs.${name}`)}
                      onChange={(e) => onInputsChange({ ...inputs, [name]: e.currentTarget.value })} />
                  ))}
                </Stack>
              ) : kind === 'completion' ? <Text size="sm" c="dimmed">The prompt uses no variables: write {'{{input}}'} in a message to take one.</Text> : null}
              {kind === 'chat' ? (
                <ChatConversation turns={turns} draft={draft} onDraftChange={setDraft} error={errorFor('inputs.messages')}
                  streamingReply={run.status === 'running' ? run.text : null} />
              ) : null}
              <Group gap="xs" wrap="wrap">
                <Button onClick={execute} loading={run.status === 'running'} disabled={badJson.size > 0}>Run</Button>
                {run.status === 'running' ? <Button variant="default" onClick={stop}>Stop</Button> : null}
                {kind === 'chat' && turns.length ? <Button variant="subtle" color="gray" onClick={() => setTurns([])}>Clear conversation</Button> : null}
                <Text size="xs" c="dimmed"><Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd></Text>
              </Group>
              {badJson.size ? <Text size="xs" c="red">Fix the JSON above to run or save.</Text> : null}
            </Stack>
          </Paper>
          {run.status === 'error' ? <ErrorMessage error={run.error} title="The run failed" /> : null}
          {kind === 'completion' && run.status !== 'idle' ? (
            <Paper withBorder p="md" role="region" aria-label="Output">
              <Stack gap="sm">
                <Text fw={600}>Output</Text>
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="output" aria-live="polite"
                  ff={run.status === 'done' && typeof run.result?.data !== 'string' ? 'monospace' : undefined}>
                  {answerText(run)}{run.status === 'running' ? '▍' : ''}
                </Text>
                <RunMetrics run={run} />
              </Stack>
            </Paper>
          ) : null}
          {kind === 'chat' && (run.result || run.firstDeltaMs !== undefined) ? (
            <Paper withBorder p="md" role="region" aria-label="Last run"><RunMetrics run={run} /></Paper>
          ) : null}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
