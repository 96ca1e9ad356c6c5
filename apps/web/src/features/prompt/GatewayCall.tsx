import { Button, Code, Collapse, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

/** How a program calls what an environment runs: the gateway (§16), as a curl line to copy. */
export function GatewayCall({ appId, environment }: { appId: string; environment: string }) {
  const [opened, toggle] = useDisclosure(false);
  const command = [
    `curl -X POST ${window.location.origin}/apps/${appId}/invoke \\`,
    `  -H "Authorization: ApiKey $CRUCIBLE_API_KEY" -H "Content-Type: application/json" \\`,
    `  -d '{"environment": "${environment}", "inputs": {}, "messages": [{"role": "user", "content": "Hello"}]}'`,
  ].join('\n');
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button variant="subtle" size="compact-xs" onClick={toggle.toggle} aria-expanded={opened}>Call it with curl</Button>
      </Group>
      <Collapse expanded={opened}>
        <Stack gap={4}>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} aria-label={`Gateway call for ${environment}`}>{command}</Code>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed">Put the prompt's variables in inputs; messages is the conversation of a chat app. Add -H "Accept: text/event-stream" to stream.</Text>
            <CopyButton value={command}>
              {({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
            </CopyButton>
          </Group>
        </Stack>
      </Collapse>
    </Stack>
  );
}
