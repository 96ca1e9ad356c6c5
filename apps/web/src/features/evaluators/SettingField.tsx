import { Checkbox, NumberInput, Select, TextInput, Textarea } from '@mantine/core';
import type { SettingTemplate } from '@crucible/client';

export type SettingValue = string | number | boolean | '';

/** The field's starting value: its default, or empty. */
export function initialSetting(template: SettingTemplate): SettingValue {
  const value = template.default;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return template.type === 'boolean' ? false : '';
}

/** One control per settings-template field, labelled with its key (what the api calls it). */
export function SettingField({ template, value, error, onChange }: {
  template: SettingTemplate;
  value: SettingValue;
  error?: string;
  onChange: (value: SettingValue) => void;
}) {
  const common = { label: template.key, description: `${template.label}. ${template.description}`, required: template.required, error };
  switch (template.type) {
    case 'boolean':
      return <Checkbox label={template.key} description={common.description} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case 'number':
    case 'integer':
      return (
        <NumberInput {...common} value={value === '' ? '' : Number(value)} min={template.min} max={template.max}
          allowDecimal={template.type === 'number'} onChange={(v) => onChange(v === '' ? '' : Number(v))} />
      );
    case 'choice':
      return <Select {...common} data={template.choices ?? []} value={value === '' ? null : String(value)} onChange={(v) => onChange(v ?? '')} />;
    case 'text':
    case 'code':
      return <Textarea {...common} autosize minRows={template.type === 'code' ? 6 : 3} value={String(value)} ff={template.type === 'code' ? 'monospace' : undefined}
        onChange={(e) => onChange(e.currentTarget.value)} />;
    default:
      return <TextInput {...common} value={String(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
