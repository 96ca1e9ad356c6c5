import { Group, Input, NumberInput, SimpleGrid, Slider, TagsInput, Text } from '@mantine/core';
import type { LlmConfig } from './prompt-parameters';

type SliderName = 'temperature' | 'top_p' | 'frequency_penalty' | 'presence_penalty';

// The providers' ranges; a value left unset is the provider's default, shown as that default.
const SLIDERS: Array<{ name: SliderName; min: number; max: number; step: number; fallback: number }> = [
  { name: 'temperature', min: 0, max: 2, step: 0.01, fallback: 1 },
  { name: 'top_p', min: 0, max: 1, step: 0.01, fallback: 1 },
  { name: 'frequency_penalty', min: -2, max: 2, step: 0.01, fallback: 0 },
  { name: 'presence_penalty', min: -2, max: 2, step: 0.01, fallback: 0 },
];

/** temperature, top_p, the penalties (sliders), max_tokens and stop sequences of `llm_config`. */
export function LlmSettings({ config, onChange, errorFor }: {
  config: LlmConfig;
  onChange: (change: Partial<LlmConfig>) => void;
  errorFor: (path: string) => string | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="sm">
      {SLIDERS.map(({ name, min, max, step, fallback }) => {
        const value = config[name] ?? fallback;
        return (
          <Input.Wrapper key={name} labelElement="div" error={errorFor(`llm_config.${name}`)}
            label={<Group gap={6} component="span">{name}<Text span size="sm" c="dimmed" ff="monospace">{value.toFixed(2)}</Text></Group>}>
            <Slider thumbLabel={name} value={value} min={min} max={max} step={step} precision={2} label={(v) => v.toFixed(2)}
              onChange={(next) => onChange({ [name]: next })} aria-valuetext={value.toFixed(2)} mt={4} mx={4} />
          </Input.Wrapper>
        );
      })}
      <NumberInput label="max_tokens" min={1} step={64} allowDecimal={false} value={config.max_tokens ?? ''} placeholder="provider default"
        onChange={(value) => onChange({ max_tokens: typeof value === 'number' ? value : undefined })} error={errorFor('llm_config.max_tokens')} />
      <TagsInput label="stop" placeholder="Type a sequence, Enter" value={config.stop ?? []} maxTags={4}
        onChange={(stop) => onChange({ stop: stop.length ? stop : undefined })} error={errorFor('llm_config.stop')} />
    </SimpleGrid>
  );
}
