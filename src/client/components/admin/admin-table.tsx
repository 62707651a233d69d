import { Paper, ScrollArea, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { TABLE_MAX_HEIGHT_PX } from '@/shared/constants';
import { AdminLoadError } from './admin-load-error';
import classes from './admin-table.module.css';

/**
 * Where a cell goes on a phone's card (600 px wide or less): `title` is the card's first line,
 * `status` sits at its end, `media` (an avatar, a picture) before it, `actions` along the card's
 * foot; any other cell is a line of its own, named by the column's header.
 */
export type CardPlace = 'title' | 'status' | 'media' | 'actions';

export interface AdminColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** The header is read to screen readers but not shown (an image column). */
  hideHeader?: boolean;
  width?: number;
  /** Its place on a phone's card; without any `title` column, the first column is the title. */
  card?: CardPlace;
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
/** The scrollbars' thickness: always shown, so the box says it holds more. */
const SCROLLBAR_PX = 10;

interface Overflow {
  /** Rows have gone under the header. */
  scrolled: boolean;
  below: boolean;
  right: boolean;
  /** A scrollbar takes room along that edge. */
  xBar: boolean;
  yBar: boolean;
}

const NO_OVERFLOW: Overflow = { scrolled: false, below: false, right: false, xBar: false, yBar: false };
const sameOverflow = (a: Overflow, b: Overflow) =>
  a.scrolled === b.scrolled && a.below === b.below && a.right === b.right && a.xBar === b.xBar && a.yBar === b.yBar;

/** Which edges of the scrolling box have more behind them, kept up to date as it scrolls or resizes. */
function useOverflow() {
  const viewport = useRef<HTMLDivElement | null>(null);
  const [overflow, setOverflow] = useState<Overflow>(NO_OVERFLOW);
  const measure = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    // A pixel of slack: zoomed pages scroll to fractions.
    const next: Overflow = {
      scrolled: el.scrollTop > 1,
      below: el.scrollTop + el.clientHeight < el.scrollHeight - 1,
      right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
      xBar: el.scrollWidth > el.clientWidth + 1,
      yBar: el.scrollHeight > el.clientHeight + 1,
    };
    setOverflow((current) => (sameOverflow(current, next) ? current : next));
  }, []);
  useEffect(() => {
    const el = viewport.current;
    if (!el) return undefined;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return { viewport, overflow, measure };
}

/**
 * A back-office list. Wider than 600 px, a table whose header stays put while its rows scroll within
 * TABLE_MAX_HEIGHT_PX, with the scrollbar always shown and a "Scroll for more" shadow over the rows
 * still below (so a cut row reads as more to come). At 600 px or less each row is a card in the
 * page's flow (admin-table.module.css), laid out by its columns' `card` places. The same table
 * elements serve both, with their roles spelled out: a table element drawn as a block loses them
 * in some browsers. Also a loading skeleton, an error with a retry, and the screen's empty text.
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
  const { viewport, overflow, measure } = useOverflow();
  const titleIndex = Math.max(
    0,
    columns.findIndex((column) => column.card === 'title'),
  );
  const placeOf = (column: AdminColumn<T>, index: number): CardPlace | 'field' =>
    column.card ?? (index === titleIndex ? 'title' : 'field');

  const fullRow = (content: ReactNode) => (
    <Table.Tr role="row" className={classes.message}>
      <Table.Td role="cell" colSpan={columns.length} py="xl">
        {content}
      </Table.Td>
    </Table.Tr>
  );

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: SKELETON_ROWS }, (_, row) => (
      <Table.Tr key={row} aria-hidden className={classes.row}>
        {columns.map((column, index) => (
          <Table.Td key={column.header} className={classes.cell} data-card={placeOf(column, index)}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (error) {
    body = fullRow(<AdminLoadError error={error} fallback={errorFallback} onRetry={onRetry} centered />);
  } else if (!items || items.length === 0) {
    body = fullRow(
      <Text c="dimmed" ta="center">
        {emptyText}
      </Text>,
    );
  } else {
    body = items.map((item) => (
      <Table.Tr key={getKey(item)} role="row" className={classes.row}>
        {columns.map((column, index) => {
          const place = placeOf(column, index);
          return (
            <Table.Td
              key={column.header}
              role="cell"
              className={classes.cell}
              data-card={place}
              data-label={place === 'field' && !column.hideHeader ? column.header : undefined}
            >
              {column.cell(item)}
            </Table.Td>
          );
        })}
      </Table.Tr>
    ));
  }

  // The rows may change height after they are drawn (pictures, wrapping): measure again.
  useEffect(measure, [measure, items, loading, error]);

  const vars = {
    '--admin-table-max-height': `${String(TABLE_MAX_HEIGHT_PX)}px`,
    // A table with no rows (empty, or an error) keeps to its box: its message is not scrolled off.
    '--admin-table-min-width': `${String(loading || (items?.length ?? 0) > 0 ? minWidth : 0)}px`,
    '--admin-table-x-bar': overflow.xBar ? `${String(SCROLLBAR_PX)}px` : '0px',
    '--admin-table-y-bar': overflow.yBar ? `${String(SCROLLBAR_PX)}px` : '0px',
  } as CSSProperties;

  return (
    <Paper
      withBorder
      radius="lg"
      className={classes.frame}
      style={vars}
      data-scrolled={overflow.scrolled || undefined}
      data-more-below={overflow.below || undefined}
      data-more-right={overflow.right || undefined}
    >
      <ScrollArea.Autosize
        type="always"
        scrollbarSize={SCROLLBAR_PX}
        // Room for a scrollbar only when there is one, so the rows reach the frame's edge otherwise.
        offsetScrollbars="present"
        className={classes.scroll}
        viewportRef={viewport}
        onScrollPositionChange={measure}
        // Rows higher than the box scroll: focusable, so the keyboard can scroll them too.
        viewportProps={{ tabIndex: 0, className: 'mantine-focus-auto', style: { outlineOffset: -2 } }}
      >
        <Table
          role="table"
          aria-label={label}
          aria-busy={loading || undefined}
          className={classes.table}
          stickyHeader
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="sm"
        >
          <Table.Thead role="rowgroup">
            <Table.Tr role="row">
              {columns.map((column) => (
                <Table.Th key={column.header} role="columnheader" w={column.width} style={{ whiteSpace: 'nowrap' }}>
                  {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody role="rowgroup">{body}</Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <div className={classes.fadeRight} aria-hidden />
      <div className={classes.fadeBottom} aria-hidden>
        <span className={classes.moreHint}>Scroll for more ↓</span>
      </div>
    </Paper>
  );
}
