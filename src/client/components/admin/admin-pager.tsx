import { Group, Pagination, Text, type MantineSpacing } from '@mantine/core';

export interface AdminPagerProps {
  /** Rows over all pages. */
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  /** What a row is: `appointment` -> "1 appointment", "12 appointments". */
  noun: string;
  mt?: MantineSpacing;
  compact?: boolean;
}

/** The count of rows and, when there is more than one page, the page buttons under a back-office table. */
export function AdminPager({ total, pageSize, page, onChange, noun, mt, compact }: AdminPagerProps) {
  if (total <= 0) return null;
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" mt={mt} gap="sm">
      <Text size="sm" c="dimmed">
        {total} {total === 1 ? noun : `${noun}s`}
      </Text>
      {totalPages > 1 ? (
        <Pagination
          size={compact ? 'sm' : undefined}
          siblings={compact ? 0 : undefined}
          total={totalPages}
          value={Math.min(page, totalPages)}
          onChange={onChange}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      ) : null}
    </Group>
  );
}
