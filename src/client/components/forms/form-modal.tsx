import { Modal } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/**
 * A modal around a form that sends something: while it is being sent (the form calls `onBusy`),
 * Escape and the overlay do not close it, as its Cancel button is disabled then.
 */
export function FormModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The form, told how to say it is sending. */
  children: (onBusy: (busy: boolean) => void) => ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      centered
      size="md"
    >
      {children(setBusy)}
    </Modal>
  );
}
