import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Variant } from '@crucible/client';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { builtinKind } from '../prompt/prompt-parameters';
import { ServiceHealth } from './ServiceHealth';
import { useDeleteVariant } from './variants.queries';

export function VariantCard({ variant }: { variant: Variant }) {
  const remove = useDeleteVariant(variant.app_id);
  const base = `/apps/${variant.app_id}`;
  const kind = builtinKind(variant);
  return (
    <Card withBorder role="listitem" aria-label={variant.variant_name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={`${base}/variants/${variant.variant_id}`} fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {variant.variant_name}
          </Anchor>
          {kind ? <Badge color="grape" variant="light" tt="none" style={{ flexShrink: 0 }}>{kind} prompt</Badge> : <ServiceHealth variantId={variant.variant_id} />}
        </Group>
        <Text size="sm">Latest revision <b>{variant.revision}</b> · base <b>{variant.base_name}</b></Text>
        <Text size="sm" c="dimmed" ff={kind ? undefined : 'monospace'} style={{ overflowWrap: 'anywhere' }}>
          {kind ? `The ${kind} template, run inside Crucible` : variant.uri ?? 'no service URL'}
        </Text>
        <Group gap="xs" mt="xs">
          <Button component={Link} to={`${base}/variants/${variant.variant_id}`} variant="light" size="xs">Revisions</Button>
          <Button component={Link} to={`${base}/playground?variant=${variant.variant_id}`} variant="light" size="xs">{kind ? 'Edit prompt' : 'Open in playground'}</Button>
          <ConfirmButton label="Delete" variant="subtle" color="red" size="xs" title={`Delete ${variant.variant_name}?`}
            message="The variant and its revisions are deleted. Environments that run it keep their history." confirmLabel="Delete variant"
            loading={remove.isPending} onConfirm={() => remove.mutate(variant.variant_id)} />
        </Group>
      </Stack>
    </Card>
  );
}
