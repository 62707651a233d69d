import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled fact of a record's details (a booking's, a voucher's): a small label over its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}
