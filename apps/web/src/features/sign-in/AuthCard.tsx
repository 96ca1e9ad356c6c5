import type { ReactNode } from 'react';
import { Center, Paper, Stack, Title } from '@mantine/core';
import { createConsoleClient } from '../../api/api-client';

/** The card of every page reached before signing in: sign-in, first-run setup, an invitation. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
        <Stack>
          <Title order={1} size="h3">{title}</Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** For the routes anyone may call (sign-in, setup, accepting an invitation): a 401 there is an answer, not a sign-out. */
export const publicClient = () => createConsoleClient(null, null, () => undefined);

/** The token of a link the api printed or an admin handed out: `?token=…`. */
export const linkToken = (search: string): string => new URLSearchParams(search).get('token')?.trim() ?? '';

/** The api's sentence as the start of one: "this invitation was revoked: …" → "This invitation was revoked: …". */
export const asSentence = (text: string): string => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
