import { type DragEvent, useState } from 'react';
import { Alert, Button, FileButton, Group, List, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ApiError, describeError } from '../../api/api-error';
import { useUploadTestset } from './testsets.queries';

/** The api's 422 items as sentences: "file: row 3 has 2 values but the header has 3 columns". */
function problemsOf(error: unknown): string[] {
  if (error instanceof ApiError && Array.isArray(error.detail)) {
    return error.detail.map((item: { loc?: unknown[]; msg?: string }) => {
      const where = (item.loc ?? []).filter((part) => part !== 'body').join(' › ');
      return where ? `${where}: ${item.msg ?? ''}` : String(item.msg ?? '');
    });
  }
  return [describeError(error)];
}

/** Drop a CSV or JSON file here (or choose one); the api parses it and names every row it refuses. */
export function UploadTestset({ onUploaded }: { onUploaded?: (id: string) => void }) {
  const upload = useUploadTestset();
  const [name, setName] = useState('');
  const [dragging, setDragging] = useState(false);
  const send = (file: File | null | undefined) => {
    if (!file) return;
    upload.mutate({ file, name }, { onSuccess: (created) => { setName(''); onUploaded?.(created.id); } });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };
  return (
    <Stack gap="xs">
      <TextInput label="Test set name" description="Defaults to the file name" value={name} onChange={(e) => setName(e.currentTarget.value)} maw={420} />
      <Paper
        withBorder p="lg" radius="md" role="region" aria-label="Drop a CSV or JSON file"
        bg={dragging ? 'blue.0' : undefined} style={{ borderStyle: 'dashed' }}
        onDragOver={(event) => { event.preventDefault(); setDragging(true); }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm">Drop a CSV (header row first) or a JSON array of objects here.</Text>
          <FileButton onChange={send} accept=".csv,.json,text/csv,application/json">
            {(props) => <Button {...props} variant="light" loading={upload.isPending}>Choose file</Button>}
          </FileButton>
        </Group>
      </Paper>
      {upload.isError ? (
        <Alert color="red" title="The file was not accepted" role="alert">
          <List size="sm">{problemsOf(upload.error).map((problem) => <List.Item key={problem}>{problem}</List.Item>)}</List>
        </Alert>
      ) : null}
      {upload.isSuccess ? <Text size="sm" c="teal" role="status">Uploaded “{upload.data.name}”: {upload.data.rows_count} rows.</Text> : null}
    </Stack>
  );
}
