import { type FormEvent, useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { AuditFilter } from './audit.queries';

/** A `datetime-local` value (the person's local time) as the ISO instant the api reads. */
function instant(local: string): string | undefined {
  if (!local) return undefined;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

const ACTIONS = [
  'app.create', 'app.update', 'app.delete', 'variant.create', 'environment.deploy', 'environment.revert',
  'invitation.create', 'invitation.revoke', 'invitation.accept', 'member.update', 'member.remove',
  'api_key.create', 'api_key.revoke', 'auth.sign_in_failed',
];

/** Action, resource type, actor, from and to: applied together, cleared together. */
export function AuditFilters({ actors, onApply }: { actors: Array<{ value: string; label: string }>; onApply: (filter: AuditFilter) => void }) {
  const [action, setAction] = useState('');
  const [resourceType, setResourceType] = useState('');
  const [actor, setActor] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const filter: AuditFilter = {
      action: action.trim() || undefined, resource_type: resourceType.trim() || undefined, actor_id: actor ?? undefined,
      from: instant(from), to: instant(to),
    };
    onApply(Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)));
  };
  const clear = () => {
    setAction('');
    setResourceType('');
    setActor(null);
    setFrom('');
    setTo('');
    onApply({});
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={apply} aria-label="Audit log filters">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
        <TextInput label="Action" placeholder="e.g. environment.deploy" list="audit-actions" value={action} onChange={(event) => setAction(event.currentTarget.value)} />
        <datalist id="audit-actions">{ACTIONS.map((name) => <option key={name} value={name} />)}</datalist>
        <TextInput label="Resource type" placeholder="e.g. app, api_key" value={resourceType} onChange={(event) => setResourceType(event.currentTarget.value)} />
        <Select label="Actor" placeholder="anyone" data={actors} value={actor} onChange={setActor} clearable searchable />
        <TextInput label="From" type="datetime-local" value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
        <TextInput label="To" type="datetime-local" value={to} onChange={(event) => setTo(event.currentTarget.value)} />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={clear}>Clear</Button>
        <Button type="submit">Filter</Button>
      </Group>
    </Paper>
  );
}
