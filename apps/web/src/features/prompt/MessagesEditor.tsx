import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { MESSAGE_ROLES, type MessageRole, type PromptMessage, type TemplateFormat } from './prompt-parameters';
import { TemplateTextarea } from './TemplateTextarea';
import { templateVariables } from './template-variables';

/**
 * The prompt's messages: a role and a text each, added, removed and moved; the variables each one references are
 * shown under it. Each message is a group named "Message N" holding `role` and `content`.
 */
export function MessagesEditor({ messages, format, onChange, errorFor }: {
  messages: PromptMessage[];
  format: TemplateFormat;
  onChange: (messages: PromptMessage[]) => void;
  errorFor: (path: string) => string | undefined;
}) {
  const update = (index: number, change: Partial<PromptMessage>) => onChange(messages.map((m, i) => (i === index ? { ...m, ...change } : m)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...messages];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  return (
    <Stack gap="sm">
      {messages.map((message, index) => {
        const variables = templateVariables(message.content, format);
        const label = `Message ${index + 1}`;
        return (
          <Paper key={index} withBorder p="sm" role="group" aria-label={label}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Select label="role" data={MESSAGE_ROLES} value={message.role} allowDeselect={false} w={130} size="xs"
                  onChange={(role) => role && update(index, { role: role as MessageRole })} error={errorFor(`messages.${index}.role`)} />
                <Group gap={4} wrap="nowrap" mt={18}>
                  <ActionIcon variant="subtle" color="gray" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move message ${index + 1} up`}>↑</ActionIcon>
                  <ActionIcon variant="subtle" color="gray" disabled={index === messages.length - 1} onClick={() => move(index, 1)} aria-label={`Move message ${index + 1} down`}>↓</ActionIcon>
                  <ActionIcon variant="subtle" color="red" onClick={() => onChange(messages.filter((_, i) => i !== index))} aria-label={`Remove message ${index + 1}`}>✕</ActionIcon>
                </Group>
              </Group>
              <TemplateTextarea label="content" value={message.content} format={format} error={errorFor(`messages.${index}.content`)}
                onChange={(content) => update(index, { content })} />
              {variables.length ? (
                <Group gap={4} aria-label={`Variables of message ${index + 1}`}>
                  {variables.map((name) => <Badge key={name} variant="light" color="grape" size="sm" tt="none" ff="monospace">{name}</Badge>)}
                </Group>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
      {messages.length === 0 ? <Text size="sm" c="dimmed">No messages: add one to give the model instructions.</Text> : null}
      {errorFor('messages') ? <Text size="sm" c="red" role="alert">{errorFor('messages')}</Text> : null}
      <Group>
        <Button variant="light" size="xs" onClick={() => onChange([...messages, { role: messages.length ? 'user' : 'system', content: '' }])}>Add message</Button>
      </Group>
    </Stack>
  );
}
