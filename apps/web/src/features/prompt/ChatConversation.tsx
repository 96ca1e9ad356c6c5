import { Badge, Box, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { PromptMessage } from './prompt-parameters';

/** One turn of the conversation, the assistant's on the right as a chat reads. */
function Turn({ message, streaming }: { message: PromptMessage; streaming?: boolean }) {
  const mine = message.role === 'user';
  return (
    <Box role="listitem" aria-label={`${message.role} turn`} style={{ alignSelf: mine ? 'flex-start' : 'flex-end', maxWidth: '88%' }}>
      <Paper p="xs" radius="md" bg={mine ? 'gray.0' : 'blue.0'} withBorder>
        <Badge size="xs" variant="light" color={mine ? 'gray' : 'blue'} mb={4}>{message.role}</Badge>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={streaming ? 'streaming-reply' : undefined}
          aria-live={streaming ? 'polite' : undefined}>
          {message.content}{streaming ? '▍' : ''}
        </Text>
      </Paper>
    </Box>
  );
}

/** The conversation so far (sent as the `messages` input), the reply being streamed, and the next message to send. */
export function ChatConversation({ turns, streamingReply, draft, onDraftChange, error }: {
  turns: PromptMessage[];
  streamingReply: string | null;
  draft: string;
  onDraftChange: (draft: string) => void;
  error?: string;
}) {
  return (
    <Stack gap="sm">
      {turns.length || streamingReply !== null ? (
        <Stack gap={8} role="list" aria-label="Conversation">
          {turns.map((turn, index) => <Turn key={index} message={turn} />)}
          {streamingReply !== null ? <Turn message={{ role: 'assistant', content: streamingReply }} streaming /> : null}
        </Stack>
      ) : <Text size="sm" c="dimmed">No turns yet: write the first user message below and run.</Text>}
      <Textarea label="Your message" placeholder="Ask something; the reply is added to the conversation" value={draft} autosize minRows={2} maxRows={8}
        onChange={(e) => onDraftChange(e.currentTarget.value)} error={error} />
    </Stack>
  );
}
