import { Stack, Textarea } from '@mantine/core';

/** One text area per input the route declares, labelled by the input's name. */
export function InputsForm({ names, values, onChange, errorFor }: {
  names: string[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  errorFor: (field: string) => string | undefined;
}) {
  return (
    <Stack gap="sm" role="group" aria-label="Inputs">
      {names.map((name) => (
        <Textarea key={name} label={name} value={values[name] ?? ''} autosize minRows={2} maxRows={12} error={errorFor(name)}
          onChange={(e) => onChange({ ...values, [name]: e.currentTarget.value })} />
      ))}
    </Stack>
  );
}
