import { type FormEvent, useState } from 'react';
import { Alert, Button, Code, Collapse, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { createConsoleClient, unwrap } from '../../api/api-client';
import { ApiError, describeError } from '../../api/api-error';
import { useSession } from '../../auth/session';
import { AuthCard, publicClient } from './AuthCard';
import { signInError } from './sign-in-errors';

/** "Sign in with SSO" only when the api says single sign-on is configured (`GET /auth/providers`). */
function useSingleSignOn() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: async () => {
      const { oidc } = await unwrap(publicClient().GET('/auth/providers'));
      return oidc.enabled ? { name: oidc.name ?? null } : null;
    },
    retry: false,
    staleTime: Infinity,
  });
}

/** Development only: paste an API key, kept for this tab alone. */
function ApiKeyFold({ onSignedIn }: { onSignedIn: () => void }) {
  const { adoptApiKey } = useSession();
  const [opened, fold] = useDisclosure(false);
  const [apiKey, setApiKey] = useState('');
  const check = useMutation({
    mutationFn: (key: string) => unwrap(createConsoleClient({ kind: 'api_key', key }, null, () => undefined).GET('/projects/current')),
    onSuccess: (_project, key) => {
      adoptApiKey(key);
      onSignedIn();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apiKey.trim()) check.mutate(apiKey.trim());
  };
  const rejected = check.error instanceof ApiError && check.error.status === 401;
  return (
    <Stack gap="xs">
      <Button variant="subtle" size="compact-sm" onClick={fold.toggle} aria-expanded={opened} style={{ alignSelf: 'center' }}>
        Use an API key
      </Button>
      <Collapse expanded={opened}>
        <form onSubmit={submit} aria-label="Development sign-in">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              For development: the key is kept for this browser tab only. The api prints the default project's key on its
              first start, or set <Code>CRUCIBLE_BOOTSTRAP_API_KEY</Code>.
            </Text>
            <PasswordInput label="API key" value={apiKey} onChange={(event) => setApiKey(event.currentTarget.value)} required />
            {check.isError ? (
              <Alert color="red" role="alert">
                {rejected ? 'That API key is not valid: check it and try again.' : describeError(check.error)}
              </Alert>
            ) : null}
            <Button type="submit" variant="light" loading={check.isPending}>Sign in with the key</Button>
          </Stack>
        </form>
      </Collapse>
    </Stack>
  );
}

/** Email and password (the api sets the session cookie), SSO when configured, and an API key under a fold. */
export function SignInPage() {
  const { startSession } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const sso = useSingleSignOn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const goOn = () => {
    const from = (location.state as { from?: string } | null)?.from;
    void navigate(from && !['/sign-in', '/setup', '/invite'].includes(from) ? from : '/apps', { replace: true });
  };
  const signIn = useMutation({
    mutationFn: () => unwrap(publicClient().POST('/auth/sign-in', { body: { email: email.trim(), password } })),
    onSuccess: () => {
      startSession();
      goOn();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() && password) signIn.mutate();
  };
  return (
    <AuthCard title="Sign in to Crucible">
      <form onSubmit={submit} aria-label="Sign in with email and password">
        <Stack>
          <TextInput label="Email" type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.currentTarget.value)} autoFocus required />
          <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} required />
          {signIn.isError ? <Alert color="red" role="alert">{signInError(signIn.error)}</Alert> : null}
          <Button type="submit" loading={signIn.isPending}>Sign in</Button>
        </Stack>
      </form>
      {sso.data ? (
        <>
          <Divider label="or" labelPosition="center" />
          <Button component="a" href="/auth/oidc/login" variant="default">
            {sso.data.name ? `Sign in with ${sso.data.name}` : 'Sign in with SSO'}
          </Button>
        </>
      ) : null}
      <Divider />
      <ApiKeyFold onSignedIn={goOn} />
      <Text size="xs" c="dimmed" ta="center">No account? Ask an admin of your project for an invitation link.</Text>
    </AuthCard>
  );
}
