import { Button, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { TABLE_MAX_HEIGHT_PX } from '@/shared/constants';
import { errorMessage } from '@/client/lib/errors';

export interface AdminColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** The header is read to screen readers but not shown (an image column). */
  hideHeader?: boolean;
  width?: number;
}

interface AdminTableProps<T> {
  /** The table's accessible name, e.g. "Services". */
  label: string;
  columns: AdminColumn<T>[];
  /** Undefined while loading or after a failed load. */
  items: readonly T[] | undefined;
  getKey: (item: T) => string;
  loading: boolean;
  error: unknown;
  errorFallback: string;
  onRetry: () => void;
  /** Shown when there is nothing to list, e.g. "No services found". */
  emptyText: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
}

const SKELETON_ROWS = 3;

/**
 * A back-office list: a header that stays put while the rows scroll within TABLE_MAX_HEIGHT_PX, a
 * loading skeleton, an error with a retry, and the screen's empty text.
 */
export function AdminTable<T>({
  label,
  columns,
  items,
  getKey,
  loading,
  error,
  errorFallback,
  onRetry,
  emptyText,
  minWidth,
}: AdminTableProps<T>) {
  const fullRow = (content: ReactNode) => (
    <Table.Tr>
      <Table.Td colSpan={columns.length} py="xl">
        {content}
      </Table.Td>
    </Table.Tr>
  );

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: SKELETON_ROWS }, (_, row) => (
      <Table.Tr key={row} aria-hidden>
        {columns.map((column) => (
          <Table.Td key={column.header}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (error) {
    body = fullRow(
      <Stack align="center" gap="xs">
        <Text c="red.8" ta="center">
          {errorMessage(error, errorFallback)}
        </Text>
        <Button size="xs" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </Stack>,
    );
  } else if (!items || items.length === 0) {
    body = fullRow(
      <Text c="dimmed" ta="center">
        {emptyText}
      </Text>,
    );
  } else {
    body = items.map((item) => (
      <Table.Tr key={getKey(item)}>
        {columns.map((column) => (
          <Table.Td key={column.header}>{column.cell(item)}</Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer
        minWidth={minWidth}
        maxHeight={TABLE_MAX_HEIGHT_PX}
        // Room for a scrollbar only when there is one, so the rows reach the frame's edge. A table
        // wider or longer than its frame scrolls: focusable, the keyboard can scroll it too.
        scrollAreaProps={{
          offsetScrollbars: 'present',
          viewportProps: { tabIndex: 0, className: 'mantine-focus-auto', style: { outlineOffset: -2 } },
        }}
      >
        <Table
          aria-label={label}
          aria-busy={loading || undefined}
          stickyHeader
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="sm"
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} w={column.width} style={{ whiteSpace: 'nowrap' }}>
                  {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
