import { type FormEvent, useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { unwrap } from '../../api/api-client';
import { ApiError, describeError } from '../../api/api-error';
import { readCsrfToken } from '../../auth/credential-store';
import { useSession } from '../../auth/session';
import { AuthCard, asSentence, linkToken, publicClient } from './AuthCard';

function invitationError(error: unknown): string {
  // The api says which (revoked, expired on a date, or already used) and what to do next.
  if (error instanceof ApiError && error.status === 410) return asSentence(error.message);
  if (error instanceof ApiError && error.status === 404) return 'This invitation link is unknown: check that you copied all of it.';
  return describeError(error);
}

/**
 * An invitation link: a new person chooses their name and a password; someone with an account for that email
 * proves it with their password (no name). Accepting signs them in, on the project they were invited to.
 */
export function InvitationPage() {
  const { startSession } = useSession();
  const navigate = useNavigate();
  const token = linkToken(useLocation().search);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const accept = useMutation({
    mutationFn: () => unwrap(publicClient().POST('/auth/accept-invitation', {
      body: { token, ...(name.trim() ? { name: name.trim() } : {}), ...(password ? { password } : {}) },
    })),
    onSuccess: ({ project }) => {
      // The api starts a session as it accepts; should it not have, the person signs in with what they chose.
      if (readCsrfToken()) {
        startSession(project.id);
        void navigate('/apps', { replace: true });
      } else {
        void navigate('/sign-in', { replace: true });
      }
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token) accept.mutate();
  };
  const field = (key: string) => (accept.error instanceof ApiError ? accept.error.messageFor(key) : undefined);
  return (
    <AuthCard title="Join a Crucible project">
      {token ? (
        <form onSubmit={submit} aria-label="Accept the invitation">
          <Stack>
            <Text size="sm" c="dimmed">
              You were invited to a project. New here? Choose your name and a password. Already have an account with the
              invited email? Leave the name empty and enter your password.
            </Text>
            <TextInput label="Name" autoComplete="name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={field('name')} autoFocus />
            <PasswordInput label="Password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)}
              error={field('password')} required />
            {accept.isError && !field('name') && !field('password') ? <Alert color="red" role="alert">{invitationError(accept.error)}</Alert> : null}
            <Button type="submit" loading={accept.isPending}>Accept invitation</Button>
          </Stack>
        </form>
      ) : (
        <Alert color="yellow" role="alert">This page needs the whole invitation link (<code>/ui/invite?token=…</code>).</Alert>
      )}
      <Text size="sm" ta="center">Have an account? <Anchor component={Link} to="/sign-in">Sign in</Anchor></Text>
    </AuthCard>
  );
}
