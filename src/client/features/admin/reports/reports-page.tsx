import '@mantine/dates/styles.layer.css';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { REPORT_CSV_TABLES, REPORT_MAX_DAYS, type ReportCsvTable, type SalonReport } from '@/shared/schemas/reports';
import { localCalendarDay } from '@/shared/calendar-days';
import { WEEK_STARTS_ON } from '@/shared/constants';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';
import {
  BookingsPerDayChart,
  ChartCard,
  SpecialistTakingsChart,
  SpecialistUtilisationChart,
  TakingsPerDayChart,
} from './report-charts';
import { ReportFigures, StatusBreakdown } from './report-figures';
import {
  PERIOD_PRESETS,
  csvHref,
  formatPeriod,
  periodFromSearch,
  periodLength,
  pickableAround,
  presetOf,
  presetPeriod,
  type Period,
  type PeriodPreset,
} from './report-period';
import { ServicesTable, SpecialistsTable } from './report-tables';
import { TillFigures } from './report-till';

const REPORT_FAILED = 'An error occurred';

const CSV_LABELS: Record<ReportCsvTable, string> = {
  bookings: 'Bookings CSV',
  services: 'Services CSV',
  specialists: 'Specialists CSV',
  sales: 'Sales CSV',
  tips: 'Tips CSV',
  vouchers: 'Vouchers CSV',
  refunds: 'Refunds CSV',
  'cash-ups': 'Cash-ups CSV',
};

/** The services that earned most first, then the busiest, then by name. */
const byTakings = (rows: SalonReport['byService'] | undefined) =>
  rows?.toSorted((a, b) => b.takings - a.takings || b.count - a.count || a.service.name.localeCompare(b.service.name));

const isPreset = (value: string): value is PeriodPreset => PERIOD_PRESETS.some((preset) => preset.value === value);

/**
 * The salon's figures for a period (README "Reports"): takings, bookings and customers, per day,
 * per service and per specialist, with CSV exports. The period lives in the address (`?from=&to=`),
 * so a reload or a shared link shows the same report.
 */
export function ReportsPage() {
  usePageTitle('Reports');
  const today = localCalendarDay();
  // On a phone the four periods take two rows of two rather than running off the screen.
  const narrow = useMatches({ base: true, xs: false });
  const [params, setParams] = useSearchParams();
  const period = periodFromSearch(params, today);
  const matchingPreset = presetOf(period, today);
  // Custom stays chosen while its range is being picked, even when the range equals a preset.
  const [customChosen, setCustomChosen] = useState(matchingPreset === 'custom');
  const segment: PeriodPreset = customChosen ? 'custom' : matchingPreset;
  const [range, setRange] = useState<DatesRangeValue<string>>([period.from, period.to]);

  const show = (next: Period) => setParams({ from: next.from, to: next.to }, { replace: true });
  const choose = (value: string) => {
    if (!isPreset(value)) return;
    if (value === 'custom') {
      setCustomChosen(true);
      setRange([period.from, period.to]);
      return;
    }
    setCustomChosen(false);
    show(presetPeriod(value, today));
  };
  const pickRange = (value: DatesRangeValue<string>) => {
    setRange(value);
    const [from, to] = value;
    if (from && to) show({ from, to });
  };
  // Once one end is picked, the other may be at most REPORT_MAX_DAYS days away, both counted.
  const [rangeStart, rangeEnd] = range;
  const reach = rangeStart && !rangeEnd ? pickableAround(rangeStart) : undefined;

  const reportQuery = trpc.admin.reports.get.useQuery(period, { placeholderData: keepPreviousData });
  useErrorToast(reportQuery.error, REPORT_FAILED, 'admin-report-fetch-error');
  const report = reportQuery.error ? undefined : reportQuery.data;
  const loading = reportQuery.isPending;
  const empty =
    report !== undefined && report.perDay.every((day) => day.count === 0) && report.byStatus.cancelled === 0;

  return (
    <Stack gap="lg">
      <Title order={1}>Reports</Title>

      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Period"
            data={PERIOD_PRESETS.map((preset) => ({ value: preset.value, label: preset.label }))}
            value={segment}
            onChange={choose}
            fullWidth
            styles={narrow ? { root: { flexWrap: 'wrap' }, control: { flex: '1 1 45%' } } : undefined}
            maw={560}
          />
          {segment === 'custom' ? (
            <DatePickerInput
              type="range"
              label="Custom period"
              description={`Up to ${String(REPORT_MAX_DAYS)} days`}
              placeholder="Pick the first and last day"
              valueFormat="DD/MM/YYYY"
              firstDayOfWeek={WEEK_STARTS_ON}
              value={range}
              onChange={pickRange}
              minDate={reach?.from}
              maxDate={reach?.to}
              allowSingleDateInRange
              maw={320}
            />
          ) : null}
          <Group justify="space-between" align="center" gap="sm">
            <Text fw={600} data-testid="report-period">
              {formatPeriod(period)}
              <Text span c="dimmed" fw={400} size="sm">
                {` · ${String(periodLength(period))} ${periodLength(period) === 1 ? 'day' : 'days'}`}
              </Text>
            </Text>
            <Group gap="xs" role="group" aria-label="Export">
              {REPORT_CSV_TABLES.map((table) => (
                <Button key={table} component="a" href={csvHref(table, period)} download variant="default" size="xs">
                  {CSV_LABELS[table]}
                </Button>
              ))}
            </Group>
          </Group>
        </Stack>
      </Paper>

      {reportQuery.error ? (
        <Alert color="red" title="The report could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(reportQuery.error, REPORT_FAILED)}</Text>
            <Button size="xs" variant="outline" color="red" onClick={() => void reportQuery.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : null}

      <Stack
        gap="lg"
        aria-busy={reportQuery.isFetching || undefined}
        style={{ opacity: reportQuery.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        {reportQuery.error ? null : <ReportFigures report={report} />}
        {report && !empty ? <StatusBreakdown byStatus={report.byStatus} /> : null}
        {report && report.takingsByMethod.total + report.refunds.total > 0 ? <TillFigures report={report} /> : null}

        {empty ? (
          <Paper withBorder radius="lg" p="xl">
            <Text c="dimmed" ta="center">
              No bookings in this period.
            </Text>
          </Paper>
        ) : null}

        {report && !empty ? (
          <>
            <ChartCard title="Bookings per day" description="Every booking but the cancelled ones">
              <BookingsPerDayChart perDay={report.perDay} today={today} />
            </ChartCard>
            <ChartCard title="Takings per day" description="Completed bookings, at what was paid">
              <TakingsPerDayChart perDay={report.perDay} />
            </ChartCard>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <ChartCard title="Takings by specialist">
                <SpecialistTakingsChart bySpecialist={report.bySpecialist} />
              </ChartCard>
              <ChartCard title="Utilisation by specialist" description="Booked time over scheduled working time">
                <SpecialistUtilisationChart bySpecialist={report.bySpecialist} />
              </ChartCard>
            </SimpleGrid>
          </>
        ) : null}

        {empty ? null : (
          <>
            <Stack gap="sm">
              <Title order={2} size="h3">
                By service
              </Title>
              <ServicesTable
                rows={byTakings(report?.byService)}
                loading={loading}
                error={reportQuery.error}
                onRetry={() => void reportQuery.refetch()}
              />
            </Stack>
            <Stack gap="sm">
              <Title order={2} size="h3">
                By specialist
              </Title>
              <SpecialistsTable
                rows={report?.bySpecialist}
                loading={loading}
                error={reportQuery.error}
                onRetry={() => void reportQuery.refetch()}
              />
            </Stack>
          </>
        )}
      </Stack>
    </Stack>
  );
}
