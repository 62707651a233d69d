import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDeleteModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** E.g. "Delete service". */
  title: string;
  /** What is about to go, e.g. the service's name. */
  children: ReactNode;
  /** The delete call is running: the buttons wait for it. */
  loading: boolean;
  /** The red button's words; default "Delete" ("Revoke", "Make a new address"). */
  confirmLabel?: string;
}

/** Asks once more before something is deleted, revoked or replaced for good. */
export function ConfirmDeleteModal({
  opened,
  onClose,
  onConfirm,
  title,
  children,
  loading,
  confirmLabel = 'Delete',
}: ConfirmDeleteModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="sm"
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      withCloseButton={!loading}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <Text>{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
