import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { JsonField } from './JsonField';
import type { LlmConfig, ToolDefinition } from './prompt-parameters';

const EMPTY_PARAMETERS = { type: 'object', properties: {}, required: [] };

const choiceValue = (choice: unknown): string | null => {
  if (typeof choice === 'string') return choice;
  const name = (choice as { function?: { name?: unknown } } | undefined)?.function?.name;
  return typeof name === 'string' ? `function:${name}` : null;
};

/** `tools` (functions with a JSON-Schema `parameters`) and `tool_choice`. */
export function ToolsEditor({ config, onChange, onValidity, errorFor }: {
  config: LlmConfig;
  onChange: (change: Pick<LlmConfig, 'tools' | 'tool_choice'>) => void;
  onValidity: (key: string, valid: boolean) => void;
  errorFor: (path: string) => string | undefined;
}) {
  const tools = config.tools ?? [];
  const setTools = (next: ToolDefinition[]) => onChange({ tools: next, tool_choice: next.length ? config.tool_choice : undefined });
  const update = (index: number, fn: Partial<ToolDefinition['function']>) =>
    setTools(tools.map((tool, i) => (i === index ? { ...tool, function: { ...tool.function, ...fn } } : tool)));
  return (
    <Stack gap="sm">
      {tools.map((tool, index) => (
        // Keyed by the count too: a removal remounts the JSON fields, so none keeps another tool's unparsed text.
        <Paper key={`${index}-${tools.length}`} withBorder p="sm" role="group" aria-label={`Tool ${index + 1}`}>
          <Stack gap={6}>
            <Group align="flex-end" wrap="nowrap" gap="xs">
              <TextInput label="name" value={tool.function.name} style={{ flex: 1 }} onChange={(e) => update(index, { name: e.currentTarget.value })}
                error={errorFor(`llm_config.tools.${index}.function.name`)} />
              <ActionIcon variant="subtle" color="red" mb={4} onClick={() => { tools.forEach((_, i) => onValidity(`tool-${i}`, true)); setTools(tools.filter((_, i) => i !== index)); }}
                aria-label={`Remove tool ${index + 1}`}>✕</ActionIcon>
            </Group>
            <TextInput label="description" value={tool.function.description ?? ''} onChange={(e) => update(index, { description: e.currentTarget.value })} />
            <JsonField label="parameters" description="A JSON Schema of the arguments" value={tool.function.parameters}
              onChange={(parameters) => update(index, { parameters })} onValidity={(valid) => onValidity(`tool-${index}`, valid)}
              error={errorFor(`llm_config.tools.${index}.function.parameters`) ?? errorFor(`llm_config.tools.${index}`)} />
          </Stack>
        </Paper>
      ))}
      {tools.length === 0 ? <Text size="sm" c="dimmed">No tools: the model answers with text.</Text> : null}
      <Group align="flex-end">
        <Button variant="light" size="xs" onClick={() => setTools([...tools, { type: 'function', function: { name: `tool_${tools.length + 1}`, description: '', parameters: EMPTY_PARAMETERS } }])}>
          Add tool
        </Button>
        {tools.length ? (
          <Select label="tool_choice" size="xs" w={200} value={choiceValue(config.tool_choice) ?? 'auto'} allowDeselect={false}
            data={['auto', 'none', 'required', ...tools.map((tool) => ({ value: `function:${tool.function.name}`, label: tool.function.name }))]}
            onChange={(value) => onChange({ tools, tool_choice: value?.startsWith('function:') ? { type: 'function', function: { name: value.slice(9) } } : value ?? undefined })}
            comboboxProps={{ withinPortal: true }} error={errorFor('llm_config.tool_choice')} />
        ) : null}
      </Group>
      {errorFor('llm_config.tools') ? <Text size="sm" c="red" role="alert">{errorFor('llm_config.tools')}</Text> : null}
    </Stack>
  );
}
