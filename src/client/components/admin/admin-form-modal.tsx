import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface AdminFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** E.g. "Add Service" or "Edit Service". */
  title: string;
  children: ReactNode;
}

/** The add/edit dialog of a back-office screen; it fills a phone's screen. */
export function AdminFormModal({ opened, onClose, title, children }: AdminFormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      fullScreen={phone}
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {children}
    </Modal>
  );
}
