import type { ReactNode } from 'react';
import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

/** A button that asks before it acts: the confirm dialog names what will happen. */
export function ConfirmButton({ label, title, message, confirmLabel, onConfirm, loading, ...buttonProps }: ButtonProps & {
  label: ReactNode;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
}) {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button {...buttonProps} onClick={dialog.open}>{label}</Button>
      <Modal opened={opened} onClose={dialog.close} title={title} centered>
        <Stack>
          <Text size="sm">{message}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={dialog.close}>Cancel</Button>
            <Button color={buttonProps.color ?? 'red'} loading={loading} onClick={() => { onConfirm(); dialog.close(); }}>{confirmLabel}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
