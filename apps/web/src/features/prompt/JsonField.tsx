import { useState } from 'react';
import { JsonInput } from '@mantine/core';

/**
 * A JSON value edited as text: the text is kept while it does not parse (so typing is never undone), and the
 * value changes only when it does; `onValidity` tells the editor whether it may be saved or run.
 */
export function JsonField({ label, value, onChange, onValidity, error, description, minRows = 4 }: {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onValidity: (valid: boolean) => void;
  error?: string;
  description?: string;
  minRows?: number;
}) {
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [invalid, setInvalid] = useState(false);
  const change = (next: string) => {
    setText(next);
    try {
      onChange(next.trim() ? JSON.parse(next) : undefined);
      setInvalid(false);
      onValidity(true);
    } catch {
      setInvalid(true);
      onValidity(false);
    }
  };
  return (
    <JsonInput label={label} description={description} value={text} onChange={change} autosize minRows={minRows} maxRows={18} formatOnBlur
      error={invalid ? 'Not valid JSON' : error} styles={{ input: { fontSize: 12 } }} />
  );
}
