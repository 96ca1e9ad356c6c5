import { type FormEvent, useState } from 'react';
import { Alert, Button, Center, Code, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { createConsoleClient, unwrap } from '../../api/api-client';
import { ApiError, describeError } from '../../api/api-error';
import { useSession } from '../../auth/session';

/** Paste an API key once; it is checked against the api before it is kept. */
export function SignInPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [apiKey, setApiKey] = useState('');
  const check = useMutation({
    mutationFn: (key: string) => unwrap(createConsoleClient(key, () => undefined).GET('/projects/current')),
    onSuccess: (_project, key) => {
      signIn(key);
      const from = (location.state as { from?: string } | null)?.from;
      void navigate(from && from !== '/sign-in' ? from : '/apps', { replace: true });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apiKey.trim()) check.mutate(apiKey.trim());
  };
  const rejected = check.error instanceof ApiError && check.error.status === 401;
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <form onSubmit={submit}>
          <Stack>
            <Title order={1} size="h3">Sign in to Crucible</Title>
            <Text size="sm" c="dimmed">
              Paste an API key. The api prints the default project's key once on its first start, or set{' '}
              <Code>CRUCIBLE_BOOTSTRAP_API_KEY</Code>.
            </Text>
            <PasswordInput label="API key" value={apiKey} onChange={(event) => setApiKey(event.currentTarget.value)} autoFocus required />
            {check.isError ? (
              <Alert color="red" role="alert">
                {rejected ? 'That API key is not valid: check it and try again.' : describeError(check.error)}
              </Alert>
            ) : null}
            <Button type="submit" loading={check.isPending}>Sign in</Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
