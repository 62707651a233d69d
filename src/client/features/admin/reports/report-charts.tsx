import './chart-styles';
import { BarChart, type BarChartProps } from '@mantine/charts';
import { Box, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SalonReport } from '@/shared/schemas/reports';
import { formatDay } from '@/shared/time-format';
import { formatPrice } from '@/client/lib/format';
import { formatPercent, formatShortDay } from './report-period';

/** Day ticks keep at least this many pixels between them, so a phone shows fewer of them. */
const DAY_TICK_GAP = 18;
const CHART_HEIGHT = 220;

/** `$1,250` on an axis; the tooltip shows cents as well. */
const axisMoney = (value: number) => formatPrice(Math.round(value));

/** A chart's frame: a heading that names it, for sight and for screen readers alike. */
export function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" withBorder radius="lg" p="md" aria-label={title} miw={0}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
      <Box mt="md" miw={0}>
        {children}
      </Box>
    </Paper>
  );
}

/** The period's days, labelled as the back office writes a day. */
const dayRows = (perDay: SalonReport['perDay']) =>
  perDay.map((row) => ({ day: formatDay(row.date), count: row.count, takings: row.takings }));

const dayAxis = {
  tickFormatter: formatShortDay,
  minTickGap: DAY_TICK_GAP,
  interval: 'preserveStartEnd' as const,
};

/** Bookings (every status but cancelled) on each day of the period. */
export function BookingsPerDayChart({ perDay, today }: { perDay: SalonReport['perDay']; today?: string }) {
  const rows = dayRows(perDay);
  const todayLabel = today ? formatDay(today) : undefined;
  const marksToday = todayLabel !== undefined && rows.some((row) => row.day === todayLabel);
  return (
    <BarChart
      h={CHART_HEIGHT}
      data={rows}
      dataKey="day"
      series={[{ name: 'count', label: 'Bookings', color: 'blue.6' }]}
      tickLine="none"
      gridAxis="x"
      maxBarWidth={28}
      xAxisProps={dayAxis}
      yAxisProps={{ allowDecimals: false, width: 32 }}
      referenceLines={
        marksToday ? [{ x: todayLabel, color: 'red.6', label: 'Today', labelPosition: 'insideTopRight' }] : undefined
      }
    />
  );
}

/** Takings (completed bookings) on each day of the period. */
export function TakingsPerDayChart({ perDay }: { perDay: SalonReport['perDay'] }) {
  return (
    <BarChart
      h={CHART_HEIGHT}
      data={dayRows(perDay)}
      dataKey="day"
      series={[{ name: 'takings', label: 'Takings', color: 'teal.6' }]}
      tickLine="none"
      gridAxis="x"
      maxBarWidth={28}
      valueFormatter={formatPrice}
      xAxisProps={dayAxis}
      yAxisProps={{ width: 56, tickFormatter: axisMoney }}
    />
  );
}

/** Room for a specialist's name beside their bar; longer names are shortened with an ellipsis. */
const NAME_AXIS_WIDTH = 116;
const NAME_MAX_CHARS = 15;
const shortName = (name: string) => (name.length > NAME_MAX_CHARS ? `${name.slice(0, NAME_MAX_CHARS - 1)}…` : name);
const specialistChartHeight = (count: number) => Math.max(120, count * 44 + 40);

/** One horizontal bar per specialist, their name beside it. */
function SpecialistBars({
  rows,
  series,
  valueFormatter,
  xAxisProps,
}: {
  rows: { name: string; value: number }[];
  series: { label: string; color: string };
  valueFormatter: (value: number) => string;
  xAxisProps: BarChartProps['xAxisProps'];
}) {
  return (
    <BarChart
      h={specialistChartHeight(rows.length)}
      data={rows}
      dataKey="name"
      orientation="vertical"
      series={[{ name: 'value', ...series }]}
      tickLine="none"
      gridAxis="y"
      maxBarWidth={24}
      valueFormatter={valueFormatter}
      xAxisProps={xAxisProps}
      yAxisProps={{ width: NAME_AXIS_WIDTH, tickFormatter: shortName }}
    />
  );
}

/** Takings per specialist, one horizontal bar each. */
export function SpecialistTakingsChart({ bySpecialist }: { bySpecialist: SalonReport['bySpecialist'] }) {
  return (
    <SpecialistBars
      rows={bySpecialist.map((row) => ({ name: row.specialist.name, value: row.takings }))}
      series={{ label: 'Takings', color: 'teal.6' }}
      valueFormatter={formatPrice}
      xAxisProps={{ tickFormatter: axisMoney, minTickGap: 12 }}
    />
  );
}

/** Booked minutes over scheduled minutes per specialist, 0 to 100 %. */
export function SpecialistUtilisationChart({ bySpecialist }: { bySpecialist: SalonReport['bySpecialist'] }) {
  return (
    <SpecialistBars
      rows={bySpecialist.map((row) => ({
        name: row.specialist.name,
        value: row.utilisation === null ? 0 : Math.round(row.utilisation * 100),
      }))}
      series={{ label: 'Utilisation', color: 'violet.6' }}
      valueFormatter={(value) => formatPercent(value / 100)}
      xAxisProps={{
        domain: [0, 100],
        ticks: [0, 25, 50, 75, 100],
        tickFormatter: (value: number) => `${String(value)}%`,
      }}
    />
  );
}
