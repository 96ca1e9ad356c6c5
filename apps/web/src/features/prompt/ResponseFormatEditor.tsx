import { Select, Stack } from '@mantine/core';
import { JsonField } from './JsonField';
import type { LlmConfig, ResponseFormatType } from './prompt-parameters';

// What OpenAI's structured outputs take; a starting point people edit rather than a blank box.
const EXAMPLE_SCHEMA = {
  name: 'answer',
  strict: true,
  schema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false },
};

/** `response_format`: text, any JSON object, or JSON that follows a schema edited here. */
export function ResponseFormatEditor({ format, onChange, onValidity, errorFor }: {
  format: LlmConfig['response_format'];
  onChange: (format: LlmConfig['response_format']) => void;
  onValidity: (valid: boolean) => void;
  errorFor: (path: string) => string | undefined;
}) {
  const type = format?.type ?? 'text';
  return (
    <Stack gap="xs">
      <Select label="response_format" allowDeselect={false} value={type} error={errorFor('llm_config.response_format.type') ?? errorFor('llm_config.response_format')}
        data={[{ value: 'text', label: 'text' }, { value: 'json_object', label: 'json_object (any JSON)' }, { value: 'json_schema', label: 'json_schema (follows a schema)' }]}
        onChange={(value) => {
          onValidity(true);
          const next = (value ?? 'text') as ResponseFormatType;
          onChange(next === 'text' ? { type: 'text' } : next === 'json_schema' ? { type: next, json_schema: format?.json_schema ?? EXAMPLE_SCHEMA } : { type: next });
        }} />
      {type === 'json_schema' ? (
        <JsonField label="json_schema" description="OpenAI's shape: name, strict, schema (a JSON Schema)" value={format?.json_schema}
          onChange={(json_schema) => onChange({ type: 'json_schema', json_schema })} onValidity={onValidity} minRows={8}
          error={errorFor('llm_config.response_format.json_schema.schema') ?? errorFor('llm_config.response_format.json_schema')} />
      ) : null}
    </Stack>
  );
}
