import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { QueryState } from '../../ui/QueryState';
import { UploadTestset } from './UploadTestset';
import { useDeleteTestset, useTestsets } from './testsets.queries';

export function TestsetsPage() {
  const testsets = useTestsets();
  const remove = useDeleteTestset();
  return (
    <Stack>
      <Title order={2}>Test sets</Title>
      <UploadTestset />
      <QueryState query={testsets} label="test sets" empty={{ title: 'No test sets yet', description: 'Drop a CSV or JSON file above to create one.' }}>
        {(list) => (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label="Test sets">
              <Table.Thead>
                <Table.Tr><Table.Th>Name</Table.Th><Table.Th>Rows</Table.Th><Table.Th>Columns</Table.Th><Table.Th /></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((testset) => (
                  <Table.Tr key={testset.id}>
                    <Table.Td><Anchor component={Link} to={`/testsets/${testset.id}`}>{testset.name}</Anchor></Table.Td>
                    <Table.Td>{testset.rows_count.toLocaleString()}</Table.Td>
                    <Table.Td><Text size="sm" lineClamp={1}>{testset.columns.join(', ')}</Text></Table.Td>
                    <Table.Td ta="right">
                      <ConfirmButton
                        label="Delete" aria-label={`Delete ${testset.name}`} variant="subtle" color="red" size="xs"
                        title={`Delete “${testset.name}”?`} message="Its rows are deleted; evaluations that used it keep their results. This cannot be undone."
                        confirmLabel="Delete test set" onConfirm={() => remove.mutate(testset.id)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Stack>
  );
}
