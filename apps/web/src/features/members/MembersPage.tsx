import { Alert, Group, Stack, Table, Text, Title } from '@mantine/core';
import { describeError } from '../../api/api-error';
import { CONSOLE_NEEDS, roleAtLeast } from '../../auth/roles';
import { useWorkspace } from '../../auth/workspace';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { QueryState } from '../../ui/QueryState';
import { formatTime } from '../../ui/format';
import { InviteForm } from './InviteForm';
import { RoleSelect } from './RoleSelect';
import { useChangeRole, useInvitations, useMembers, useRemoveMember, useRevokeInvitation } from './members.queries';
import { RoleBadge } from '../../ui/RoleBadge';

function PendingInvitations({ projectId }: { projectId: string }) {
  const invitations = useInvitations(projectId);
  const revoke = useRevokeInvitation(projectId);
  return (
    <Stack gap="xs" component="section" aria-label="Pending invitations">
      <Title order={3} size="h4">Pending invitations</Title>
      {revoke.isError ? <Alert color="red" role="alert" title="Not revoked">{describeError(revoke.error)}</Alert> : null}
      <QueryState query={invitations} label="invitations"
        empty={{ title: 'No pending invitations', description: 'An invitation stays here until it is accepted, revoked or expires (after 7 days).' }}>
        {(list) => (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Pending invitations">
              <Table.Thead><Table.Tr><Table.Th>Email</Table.Th><Table.Th>Role</Table.Th><Table.Th>Expires</Table.Th><Table.Th /></Table.Tr></Table.Thead>
              <Table.Tbody>
                {list.map((invitation) => (
                  <Table.Tr key={invitation.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{invitation.email}</Table.Td>
                    <Table.Td><RoleBadge role={invitation.role} /></Table.Td>
                    <Table.Td><Text size="sm">{formatTime(invitation.expires_at)}</Text></Table.Td>
                    <Table.Td>
                      <ConfirmButton size="xs" variant="subtle" color="red" label="Revoke" aria-label={`Revoke the invitation for ${invitation.email}`}
                        title="Revoke invitation" confirmLabel="Revoke" loading={revoke.isPending && revoke.variables === invitation.id}
                        message={`The link sent to ${invitation.email} stops working.`} onConfirm={() => revoke.mutate(invitation.id)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Stack>
  );
}

/** Settings → Members (ARCHITECTURE §17): who is in the project with which role; admins invite, change roles and remove. */
export function MembersPage() {
  const { project, id: myId } = useWorkspace();
  const manages = roleAtLeast(project.role, CONSOLE_NEEDS.manageMembers);
  const members = useMembers(project.id);
  const changeRole = useChangeRole(project.id);
  const remove = useRemoveMember(project.id);
  const failed = changeRole.error ?? remove.error;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Members</Title>
        <Text size="sm" c="dimmed" truncate maw="100%">of {project.name}</Text>
      </Group>
      {manages ? <InviteForm projectId={project.id} mine={project.role} /> : (
        <Text size="sm" c="dimmed">Admins and owners invite people, change roles and remove members; you are {project.role === 'viewer' ? 'a' : 'an'} {project.role}.</Text>
      )}
      {failed ? <Alert color="red" role="alert" title="Not changed">{describeError(failed)}</Alert> : null}
      <QueryState query={members} label="members">
        {(list) => (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Members">
              <Table.Thead><Table.Tr><Table.Th>Name</Table.Th><Table.Th>Email</Table.Th><Table.Th>Role</Table.Th><Table.Th>Joined</Table.Th>{manages ? <Table.Th /> : null}</Table.Tr></Table.Thead>
              <Table.Tbody>
                {list.map((member) => (
                  <Table.Tr key={member.user_id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.name}{member.user_id === myId ? <Text span c="dimmed" size="sm"> (you)</Text> : null}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.email}</Table.Td>
                    <Table.Td miw={140}>
                      {manages ? (
                        <RoleSelect size="xs" aria-label={`Role of ${member.name}`} mine={project.role} value={member.role}
                          disabled={changeRole.isPending && changeRole.variables?.userId === member.user_id}
                          onPick={(role) => role !== member.role && changeRole.mutate({ userId: member.user_id, role })} />
                      ) : <RoleBadge role={member.role} />}
                    </Table.Td>
                    <Table.Td><Text size="sm">{formatTime(member.joined_at)}</Text></Table.Td>
                    {manages ? (
                      <Table.Td>
                        <ConfirmButton size="xs" variant="subtle" color="red" label="Remove" aria-label={`Remove ${member.name}`} title="Remove member"
                          confirmLabel="Remove" loading={remove.isPending && remove.variables === member.user_id}
                          message={`${member.name} (${member.email}) loses access to ${project.name}.`} onConfirm={() => remove.mutate(member.user_id)} />
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {manages ? <PendingInvitations projectId={project.id} /> : null}
    </Stack>
  );
}
