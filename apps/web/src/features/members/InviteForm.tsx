import { type FormEvent, useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ApiError, describeError } from '../../api/api-error';
import type { ProjectRole } from '../../auth/roles';
import { CopyableCode } from '../../ui/CopyableCode';
import { formatTime } from '../../ui/format';
import { RoleSelect } from './RoleSelect';
import { useInvite } from './members.queries';

/** Invite by email and role; the link is shown to copy (and mailed when the api has SMTP). */
export function InviteForm({ projectId, mine }: { projectId: string; mine: ProjectRole }) {
  const invite = useInvite(projectId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ProjectRole>('editor');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') });
  };
  const emailError = invite.error instanceof ApiError ? invite.error.messageFor('email') : undefined;
  const sent = invite.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Invite a member">
      <form onSubmit={submit}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Email" type="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} error={emailError} required />
            <RoleSelect label="Role" mine={mine} value={role} onPick={setRole} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending} disabled={!email.trim()}>Invite</Button>
          </Group>
          {invite.isError && !emailError ? <Alert color="red" role="alert" title="Not invited">{describeError(invite.error)}</Alert> : null}
          {sent ? (
            <Alert color="green" title={`Invitation for ${sent.email} as ${sent.role}`} role="status">
              <CopyableCode value={sent.invite_url} label="Invitation link" copyLabel="Copy link"
                note={`${sent.mailed ? 'It was mailed to them. ' : ''}Send them this link; it works once, until ${formatTime(sent.expires_at)}.`} />
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
