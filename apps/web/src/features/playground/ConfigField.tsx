import { Checkbox, Group, Input, Select, Slider, Text, Textarea } from '@mantine/core';
import type { ConfigProperty } from '@crucible/contracts';
import { choiceData, sliderBounds, stepDecimals } from './config-fields';

interface ConfigFieldProps {
  name: string;
  property: ConfigProperty;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
}

/**
 * One control per field, per the seed's table: text area for str, slider for int/float (bounds from ge/gt/le/lt),
 * checkbox for bool, dropdown for choices (grouped when the choices are). Labelled with the field's name.
 */
export function ConfigField({ name, property, value, onChange, error }: ConfigFieldProps) {
  const description = property.description;
  switch (property['x-parameter']) {
    case 'text':
      return <Textarea label={name} description={description} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)}
        error={error} autosize minRows={2} maxRows={10} />;
    case 'bool':
      return <Checkbox label={name} description={description} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} error={error} />;
    case 'choice':
    case 'grouped_choice':
      return <Select label={name} description={description} data={choiceData(property)} value={typeof value === 'string' ? value : null}
        onChange={(next) => next !== null && onChange(next)} error={error} allowDeselect={false} searchable={property['x-parameter'] === 'grouped_choice'}
        comboboxProps={{ withinPortal: true }} />;
    case 'int':
    case 'float': {
      const { min, max, step } = sliderBounds(property);
      const decimals = stepDecimals(step);
      const numeric = typeof value === 'number' ? value : Number(property.default);
      return (
        <Input.Wrapper label={<Group gap={6} component="span">{name}<Text span size="sm" c="dimmed" ff="monospace" data-testid={`${name}-value`}>{numeric.toFixed(decimals)}</Text></Group>}
          description={description} error={error} labelElement="div">
          <Slider thumbLabel={name} value={numeric} onChange={onChange} min={min} max={max} step={step} precision={decimals}
            label={(v) => v.toFixed(decimals)} marks={[{ value: min, label: String(min) }, { value: max, label: String(max) }]} mb="lg" mt={4} mx="xs"
            aria-valuetext={numeric.toFixed(decimals)} />
        </Input.Wrapper>
      );
    }
  }
}
