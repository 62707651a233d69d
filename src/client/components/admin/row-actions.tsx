import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import type { ReactNode } from 'react';

interface RowActionsProps {
  /** The row's name, so each action says which row it acts on: "Edit Haircut", "Delete Haircut". */
  name: string;
  onEdit?: () => void;
  /** Opens the screen's ConfirmDeleteModal: nothing is deleted from the menu itself. */
  onDelete: () => void;
  /** Buttons before Edit (a review's Approve, a webhook's test). */
  children?: ReactNode;
  /** Menu items above Delete (an appointment's "Open in calendar"). */
  menuItems?: ReactNode;
}

/**
 * The Actions cell of a back-office table: the everyday actions as buttons, and Delete apart from
 * them in the row's "⋯" menu, in red, so a slip of the finger next to Edit deletes nothing.
 */
export function RowActions({ name, onEdit, onDelete, children, menuItems }: RowActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      {children}
      {onEdit ? (
        <Button size="compact-sm" variant="light" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
      ) : null}
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`More actions for ${name}`}>
            <span aria-hidden style={{ fontSize: 18, lineHeight: 1 }}>
              ⋯
            </span>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {menuItems}
          {menuItems ? <Menu.Divider /> : null}
          <Menu.Item color="red" onClick={onDelete} aria-label={`Delete ${name}`}>
            Delete…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
