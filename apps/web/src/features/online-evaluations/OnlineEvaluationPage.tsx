import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { describeError } from '../../api/api-error';
import { QueryState } from '../../ui/QueryState';
import { formatTime } from '../../ui/format';
import { useApp } from '../apps/apps.queries';
import { useEvaluatorConfigs } from '../evaluators/evaluators.queries';
import { BackfillForm } from './BackfillForm';
import { ExecutionLog } from './ExecutionLog';
import { useOnlineEvaluation, useSetOnlineEvaluationActive } from './online-evaluations.queries';
import { ExecutionCounts, RuleState } from './rule-parts';
import { samplingText, scopeText } from './rule-text';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" fw={600} component="div" aria-label={label} style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

function AppLink({ appId }: { appId: string }) {
  const app = useApp(appId);
  return <Anchor component={Link} to={`/apps/${appId}/traces`} inherit>{app.data?.app_name ?? appId}</Anchor>;
}

/** One rule: what it looks at, whether it runs (and why not), its counts, pause/resume, a backfill and its execution log. */
export function OnlineEvaluationPage() {
  const { ruleId = '' } = useParams();
  const rule = useOnlineEvaluation(ruleId);
  const setActive = useSetOnlineEvaluationActive(ruleId);
  const configs = useEvaluatorConfigs();
  return (
    <QueryState query={rule} label="online evaluation rule">
      {(detail) => (
        <Stack>
          <Anchor component={Link} to="/online-evaluations" size="sm">← Online evaluation</Anchor>
          <Group justify="space-between" wrap="wrap" align="flex-start">
            <Title order={2} style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 16rem' }}>{detail.name}</Title>
            <Button variant={detail.active ? 'default' : 'filled'} loading={setActive.isPending} onClick={() => setActive.mutate(!detail.active)}>
              {detail.active ? 'Pause' : 'Resume'}
            </Button>
          </Group>
          {setActive.isError ? <Alert color="red" role="alert" title="Not changed">{describeError(setActive.error)}</Alert> : null}
          <Paper withBorder p="md" radius="md" component="section" aria-label="Rule">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                <Fact label="App"><AppLink appId={detail.app_id} /></Fact>
                <Fact label="Evaluator config">{configs.data?.find((config) => config.id === detail.evaluator_config_id)?.name ?? detail.evaluator_config_id}</Fact>
                <Fact label="Sampling">{samplingText(detail.sampling_rate)}{detail.delay_seconds ? `, after ${detail.delay_seconds} s` : ''}</Fact>
                <Fact label="Looks at">{scopeText(detail)}</Fact>
              </SimpleGrid>
              <Text size="xs" c="dimmed">Created {formatTime(detail.created_at)} by {detail.created_by}</Text>
              <RuleState rule={detail} />
              <ExecutionCounts counts={detail.executions} />
            </Stack>
          </Paper>
          <BackfillForm ruleId={detail.id} />
          <ExecutionLog ruleId={detail.id} appId={detail.app_id} />
        </Stack>
      )}
    </QueryState>
  );
}
