import { Badge, Tooltip } from '@mantine/core';
import { describeError } from '../../api/api-error';
import { useVariantSchema } from './variants.queries';

const noShrink = { flexShrink: 0 } as const;

/** Reachable when the api could read the service's schema just now; otherwise the reason, on hover. */
export function ServiceHealth({ variantId }: { variantId: string }) {
  const schema = useVariantSchema(variantId);
  if (schema.isPending) return <Badge color="gray" variant="light" tt="none" style={noShrink}>checking…</Badge>;
  if (schema.isError) {
    return (
      <Tooltip label={describeError(schema.error)} multiline w={280}>
        <Badge color="red" variant="light" tt="none" style={noShrink} aria-label={`unreachable: ${describeError(schema.error)}`}>unreachable</Badge>
      </Tooltip>
    );
  }
  return <Badge color="green" variant="light" tt="none" style={noShrink}>reachable</Badge>;
}
