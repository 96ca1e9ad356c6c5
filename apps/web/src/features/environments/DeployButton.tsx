import { useState } from 'react';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useAppVariants } from '../apps/apps.queries';
import { useRevisions } from '../variants/variants.queries';
import { useDeploy } from './environments.queries';

/** Choose a variant and one of its revisions, deploy it to this environment. */
export function DeployButton({ appId, environment }: { appId: string; environment: string }) {
  const [opened, dialog] = useDisclosure(false);
  const variants = useAppVariants(appId);
  const [variantId, setVariantId] = useState<string | null>(null);
  const [revision, setRevision] = useState<string | null>(null);
  const revisions = useRevisions(variantId);
  const deploy = useDeploy(appId);
  const submit = () => {
    if (!variantId) return;
    deploy.mutate({ environment, variantId, revision: revision ? Number(revision) : undefined }, { onSuccess: dialog.close });
  };
  return (
    <>
      <Button size="xs" variant="light" style={{ flexShrink: 0 }} onClick={() => { deploy.reset(); dialog.open(); }} aria-label={`Deploy to ${environment}`}>Deploy…</Button>
      <Modal opened={opened} onClose={dialog.close} title={`Deploy to ${environment}`} centered>
        <Stack>
          <Select label="Variant" data={(variants.data ?? []).map((v) => ({ value: v.variant_id, label: v.variant_name }))}
            value={variantId} onChange={(value) => { setVariantId(value); setRevision(null); }}
            nothingFoundMessage="Register a variant first" searchable />
          <Select label="Revision" placeholder="latest" disabled={!variantId} clearable
            data={[...(revisions.data ?? [])].reverse().map((r) => ({ value: String(r.revision), label: `${r.revision}${r.commit_message ? ` — ${r.commit_message}` : ''}` }))}
            value={revision} onChange={setRevision} />
          {deploy.isError ? <div role="alert" style={{ color: 'var(--mantine-color-red-7)' }}>{deploy.error.message}</div> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={dialog.close}>Cancel</Button>
            <Button onClick={submit} disabled={!variantId} loading={deploy.isPending}>Deploy</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
