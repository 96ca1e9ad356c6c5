import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { TestsetCell, TestsetRow } from '@crucible/client';

const asText = (cell: TestsetCell | undefined): string => (cell === null || cell === undefined ? '' : String(cell));

/** A form with one field per column, labelled with the column's name. */
export function RowEditor({ title, columns, row, saving, onSave, onClose }: {
  title: string;
  columns: string[];
  row: TestsetRow;
  saving: boolean;
  onSave: (row: TestsetRow) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(columns.map((c) => [c, asText(row[c])])));
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={(event) => { event.preventDefault(); onSave({ ...row, ...values }); }}>
        <Stack>
          {columns.map((column) => (
            <TextInput key={column} label={column} value={values[column] ?? ''}
              onChange={(event) => { const value = event.currentTarget.value; setValues((v) => ({ ...v, [column]: value })); }} />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={saving}>Save row</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
