import { useState } from 'react';
import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { EmptyNotice, ErrorMessage, QueryState } from '../../ui/QueryState';
import { useAppId } from '../app/AppLayout';
import { useAppVariants } from '../apps/apps.queries';
import { useRevisions, useVariantSchema } from '../variants/variants.queries';
import { type PromptMessage, builtinKind } from '../prompt/prompt-parameters';
import { PromptPlayground } from '../prompt/PromptPlayground';
import { ComparePanel } from './ComparePanel';
import { PlaygroundEditor } from './PlaygroundEditor';

/** Choose a variant and revision, then edit and run it — or compare several side by side. */
export function PlaygroundPage() {
  const appId = useAppId();
  const variants = useAppVariants(appId);
  const [params, setParams] = useSearchParams();
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const [turns, setTurns] = useState<PromptMessage[]>([]);
  const list = variants.data ?? [];
  const variantId = params.get('variant') ?? list[0]?.variant_id ?? null;
  const variant = list.find((v) => v.variant_id === variantId);
  const revisions = useRevisions(variantId);
  const schema = useVariantSchema(variantId);
  const latest = revisions.data?.[revisions.data.length - 1];
  const revisionNumber = params.get('revision') ?? (latest ? String(latest.revision) : null);
  const revision = revisions.data?.find((r) => String(r.revision) === revisionNumber);
  const mode = params.get('mode') === 'compare' ? 'compare' : 'single';
  const kind = variant ? builtinKind(variant) : null;
  const choose = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  };
  return (
    <QueryState query={variants} label="variants" empty={{
      title: 'Nothing to run yet',
      description: 'Add a variant on the Variants tab (from a template or your own service), then come back to try it here.',
    }}>
      {() => (
        <Stack>
          <Group align="flex-end" wrap="wrap">
            <SegmentedControl value={mode} onChange={(value) => choose({ mode: value === 'compare' ? 'compare' : null })}
              data={[{ value: 'single', label: 'Edit and run' }, { value: 'compare', label: 'Compare' }]} aria-label="Playground mode" />
            {mode === 'single' ? (
              <>
                <Select label="Variant" data={list.map((v) => ({ value: v.variant_id, label: v.variant_name }))} value={variantId}
                  onChange={(value) => choose({ variant: value, revision: null })} allowDeselect={false} w={{ base: '100%', xs: 240 }} />
                <Select label="Revision" data={[...(revisions.data ?? [])].reverse().map((r) => ({ value: String(r.revision), label: `${r.revision}${r === latest ? ' (latest)' : ''}` }))}
                  value={revisionNumber} onChange={(value) => choose({ revision: value })} allowDeselect={false} w={{ base: '100%', xs: 160 }} />
              </>
            ) : null}
          </Group>
          {mode === 'compare' ? (
            <ComparePanel variants={list} inputs={inputs} onInputsChange={setInputs} initial={[
              { variantId, revision: revisions.data && revisions.data.length > 1 ? String(revisions.data[revisions.data.length - 2]!.revision) : revisionNumber },
              { variantId, revision: revisionNumber },
            ]} key={`${variantId}-${revisionNumber}`} />
          ) : kind && variant && revision ? (
            <PromptPlayground key={`${variant.variant_id}-${revision.revision}`} variant={variant} kind={kind} revision={revision.revision}
              parameters={revision.parameters} inputs={inputs} onInputsChange={setInputs} turns={turns} setTurns={setTurns}
              onSavedRevision={(saved) => choose({ revision: String(saved) })}
              onSavedVariant={(saved) => choose({ variant: saved, revision: null })} />
          ) : schema.isError ? (
            <ErrorMessage error={schema.error} title={`Cannot read ${variant?.variant_name ?? 'this variant'}'s schema from its service`} onRetry={() => void schema.refetch()} />
          ) : schema.data && variant && revision ? (
            <>
              {variant.uri ? <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{variant.uri} · route {schema.data.route}</Text> : null}
              <PlaygroundEditor key={`${variant.variant_id}-${revision.revision}`} variant={variant} schema={schema.data} parameters={revision.parameters}
                inputs={inputs} onInputsChange={setInputs}
                onSavedRevision={(saved) => choose({ revision: String(saved) })}
                onSavedVariant={(saved) => choose({ variant: saved, revision: null })} />
            </>
          ) : variantId ? <Text size="sm" c="dimmed" role="status">Loading the variant's schema…</Text> : <EmptyNotice title="Choose a variant" description="Pick a variant above." />}
        </Stack>
      )}
    </QueryState>
  );
}
