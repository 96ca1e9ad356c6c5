import { Badge, Tooltip } from '@mantine/core';
import type { Evaluation } from '@crucible/client';

/** Marks an evaluation whose rows a test process ran and uploaded (the SDK's evaluate()); nothing for Crucible's own runs. */
export function SourceBadge({ evaluation }: { evaluation: Evaluation }) {
  if (evaluation.source !== 'sdk') return null;
  return (
    <Tooltip label="Run by a test process and uploaded with the SDK's evaluate()">
      <Badge size="sm" variant="outline" color="grape" miw="max-content">SDK</Badge>
    </Tooltip>
  );
}
