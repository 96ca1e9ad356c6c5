import { Code, SimpleGrid, Stack } from '@mantine/core';
import { QueryState } from '../../ui/QueryState';
import { useAppId } from '../app/AppLayout';
import { useAppVariants } from '../apps/apps.queries';
import { AddTemplateVariantForm } from '../prompt/AddTemplateVariantForm';
import { RegisterVariantForm } from './RegisterVariantForm';
import { VariantCard } from './VariantCard';

export function VariantsPage() {
  const appId = useAppId();
  const variants = useAppVariants(appId);
  return (
    <Stack>
      <QueryState query={variants} label="variants" empty={{
        title: 'No variants yet',
        description: <>Start from the Chat or Completion template below, or start a workflow service (the README shows the example completion app) and register its URL, e.g. <Code>http://127.0.0.1:8100</Code>.</>,
      }}>
        {(list) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} role="list" aria-label="Variants">
            {list.map((variant) => <VariantCard key={variant.variant_id} variant={variant} />)}
          </SimpleGrid>
        )}
      </QueryState>
      <AddTemplateVariantForm appId={appId} />
      <RegisterVariantForm appId={appId} />
    </Stack>
  );
}
