import { Stack } from '@mantine/core';
import type { ConfigJsonSchema } from '@crucible/contracts';
import { ConfigField } from './ConfigField';
import type { ConfigValues } from './config-fields';

export function ConfigForm({ schema, values, onChange, errorFor }: {
  schema: ConfigJsonSchema;
  values: ConfigValues;
  onChange: (values: ConfigValues) => void;
  errorFor: (field: string) => string | undefined;
}) {
  return (
    <Stack gap="md" role="group" aria-label="Configuration">
      {Object.entries(schema.properties).map(([name, property]) => (
        <ConfigField key={name} name={name} property={property} value={values[name]} error={errorFor(name)}
          onChange={(value) => onChange({ ...values, [name]: value })} />
      ))}
    </Stack>
  );
}
