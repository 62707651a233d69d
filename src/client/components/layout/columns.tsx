import { Box, getSpacing, type BoxProps, type MantineSpacing } from '@mantine/core';
import type { AriaAttributes, ReactNode } from 'react';
import classes from './columns.module.css';

/** The breakpoints a layout may change at, narrowest first (columns.module.css has their widths). */
const BREAKPOINTS = ['base', 'xs', 'sm', 'md'] as const;

/** The columns from each width up: how many equal ones, or a `grid-template-columns` of its own. */
export type ColumnLayout = { base: number | string } & Partial<Record<(typeof BREAKPOINTS)[number], number | string>>;

/**
 * A grid whose columns change with the window's width, as Mantine's SimpleGrid and Grid do, but
 * from a style sheet: those write a <style> beside themselves, in the body, where the HTML
 * standard allows none (the server-rendered pages are validated, e2e/html-validity.test.ts).
 * As a `ul`, the list loses its bullets and indent.
 */
export function Columns({
  cols,
  spacing = 'md',
  component = 'div',
  children,
  ...others
}: BoxProps &
  AriaAttributes & {
    cols: ColumnLayout;
    /** The gap between columns and rows (SimpleGrid's default). */
    spacing?: MantineSpacing;
    component?: 'div' | 'ul';
    children: ReactNode;
  }) {
  const variables: Record<`--${string}`, string> = { '--columns-gap': getSpacing(spacing) ?? '0' };
  let layout = cols.base;
  for (const breakpoint of BREAKPOINTS) {
    layout = cols[breakpoint] ?? layout;
    variables[`--columns-${breakpoint}`] =
      typeof layout === 'number' ? `repeat(${String(layout)}, minmax(0, 1fr))` : layout;
  }
  return (
    <Box component={component} className={classes.columns} __vars={variables} {...others}>
      {children}
    </Box>
  );
}
