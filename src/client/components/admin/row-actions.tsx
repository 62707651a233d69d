import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

interface RowActionsProps {
  /** The row's name, so "Edit" and "Delete" say which row they act on. */
  name: string;
  onEdit?: () => void;
  onDelete: () => void;
  /** Actions before Edit/Delete (a review's Approve). */
  children?: ReactNode;
}

/** The Actions cell of a back-office table. */
export function RowActions({ name, onEdit, onDelete, children }: RowActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      {children}
      {onEdit ? (
        <Button size="compact-sm" variant="light" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
      ) : null}
      <Button size="compact-sm" variant="light" color="red" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </Group>
  );
}
