import { type FormEvent, useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { unwrap } from '../../api/api-client';
import { ApiError, describeError } from '../../api/api-error';
import { useSession } from '../../auth/session';
import { AuthCard, asSentence, linkToken, publicClient } from './AuthCard';

function setupError(error: unknown): string {
  // The api says it whole: the link was used already, the first account exists, sign in instead.
  if (error instanceof ApiError && error.status === 410) return asSentence(error.message);
  if (error instanceof ApiError && error.status === 404) return 'This setup link is not one the api printed: copy the whole link from the api\'s log.';
  return describeError(error);
}

/** The first-run link the api prints on an empty database: the first account, owner of the default project. */
export function SetupPage() {
  const { startSession } = useSession();
  const navigate = useNavigate();
  const token = linkToken(useLocation().search);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const setup = useMutation({
    mutationFn: () => unwrap(publicClient().POST('/auth/setup', { body: { token, email: email.trim(), name: name.trim(), password } })),
    onSuccess: ({ project }) => {
      startSession(project.id);
      void navigate('/apps', { replace: true });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token && email.trim() && name.trim() && password) setup.mutate();
  };
  const field = (name: string) => (setup.error instanceof ApiError ? setup.error.messageFor(name) : undefined);
  return (
    <AuthCard title="Set up Crucible">
      {token ? (
        <form onSubmit={submit} aria-label="First account">
          <Stack>
            <Text size="sm" c="dimmed">Create the first account. It owns the default project; invite the rest of the team from Settings → Members.</Text>
            <TextInput label="Email" type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.currentTarget.value)}
              error={field('email')} autoFocus required />
            <TextInput label="Name" autoComplete="name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={field('name')} required />
            <PasswordInput label="Password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)}
              error={field('password')} required />
            {setup.isError && !['email', 'name', 'password'].some((name) => field(name)) ? <Alert color="red" role="alert">{setupError(setup.error)}</Alert> : null}
            <Button type="submit" loading={setup.isPending}>Create account</Button>
          </Stack>
        </form>
      ) : (
        <Alert color="yellow" role="alert">
          This page needs the one-time link the api printed on its first start (<code>/ui/setup?token=…</code>).
        </Alert>
      )}
      <Text size="sm" ta="center">Already set up? <Anchor component={Link} to="/sign-in">Sign in</Anchor></Text>
    </AuthCard>
  );
}
