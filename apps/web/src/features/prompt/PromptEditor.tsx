import { Accordion, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { LlmSettings } from './LlmSettings';
import { MessagesEditor } from './MessagesEditor';
import { ModelPicker } from './ModelPicker';
import { type LlmConfig, type PromptParameters, type PromptTemplate, TEMPLATE_FORMATS, type TemplateFormat } from './prompt-parameters';
import { ResponseFormatEditor } from './ResponseFormatEditor';
import { ToolsEditor } from './ToolsEditor';

const FORMAT_HINTS: Record<TemplateFormat, string> = {
  curly: 'Variables as {{name}}',
  fstring: 'Variables as {name}',
  jinja2: 'Jinja2 ({{ name }}, {% if %}, filters); only the inputs are reachable',
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3} size="h5">{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A built-in variant's prompt (§16): messages and their format, the model and its settings, response format, tools. */
export function PromptEditor({ parameters, servedModels, onChange, onJsonValidity, errorFor }: {
  parameters: PromptParameters;
  servedModels: Record<string, string[]>;
  onChange: (parameters: PromptParameters) => void;
  onJsonValidity: (key: string, valid: boolean) => void;
  errorFor: (path: string) => string | undefined;
}) {
  const prompt = parameters.prompt;
  const setPrompt = (change: Partial<PromptTemplate>) => onChange({ ...parameters, prompt: { ...prompt, ...change } });
  const setLlm = (change: Partial<LlmConfig>) => setPrompt({ llm_config: { ...prompt.llm_config, ...change } });
  return (
    <Stack gap="md">
      <Section title="Messages">
        <Select label="template_format" data={TEMPLATE_FORMATS} value={prompt.template_format} allowDeselect={false} w={{ base: '100%', xs: 220 }}
          description={FORMAT_HINTS[prompt.template_format]} onChange={(value) => value && setPrompt({ template_format: value as TemplateFormat })}
          error={errorFor('template_format')} />
        <MessagesEditor messages={prompt.messages} format={prompt.template_format} onChange={(messages) => setPrompt({ messages })} errorFor={errorFor} />
      </Section>
      <Section title="Model">
        <ModelPicker model={prompt.llm_config.model} served={servedModels} connectionId={prompt.llm_config.connection_id} onChange={setLlm}
          modelError={errorFor('llm_config.model') ?? errorFor('llm_config')} connectionError={errorFor('llm_config.connection_id')} />
        <LlmSettings config={prompt.llm_config} onChange={setLlm} errorFor={errorFor} />
      </Section>
      <Paper withBorder>
        <Accordion multiple chevronPosition="left" aria-label="More settings">
          <Accordion.Item value="response_format">
            <Accordion.Control>Response format · {prompt.llm_config.response_format?.type ?? 'text'}</Accordion.Control>
            <Accordion.Panel>
              <ResponseFormatEditor format={prompt.llm_config.response_format} onChange={(response_format) => setLlm({ response_format })}
                onValidity={(valid) => onJsonValidity('response_format', valid)} errorFor={errorFor} />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="tools" style={{ borderBottom: 0 }}>
            <Accordion.Control>Tools · {prompt.llm_config.tools?.length ?? 0}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                <Text size="xs" c="dimmed">A tool call comes back as the output, with its arguments as JSON.</Text>
                <ToolsEditor config={prompt.llm_config} onChange={setLlm} onValidity={onJsonValidity} errorFor={errorFor} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Paper>
    </Stack>
  );
}
