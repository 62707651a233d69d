// Beyond the spec (README "Reports"): the salon's report for a period and its tables as CSV files.
import type { RestRoute } from '@/server/rest/route';
import { REPORT_CSV_TABLES } from '@/shared/schemas/reports';

export const reportRoutes: RestRoute[] = [
  { method: 'GET', path: '/admin/reports', message: 'Report fetched successfully', procedure: 'admin.reports.get' },
  ...REPORT_CSV_TABLES.map((table): RestRoute => ({
    method: 'GET',
    path: `/admin/reports/${table}.csv`,
    message: `The period's ${table} as a CSV file`,
    procedure: 'admin.reports.csv',
    fixedInput: { table },
    csvFile: true,
  })),
];
