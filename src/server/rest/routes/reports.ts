// Beyond the spec (README "Reports", "Dashboard"): the salon's report for a period, its tables as CSV
// files, and the dashboard's today.
import type { RestRoute } from '@/server/rest/route';
import { REPORT_CSV_TABLES } from '@/shared/schemas/reports';

export const reportRoutes: RestRoute[] = [
  { method: 'GET', path: '/admin/reports', message: 'Report fetched successfully', procedure: 'admin.reports.get' },
  { method: 'GET', path: '/admin/today', message: 'Today fetched successfully', procedure: 'admin.today' },
  ...REPORT_CSV_TABLES.map((table): RestRoute => ({
    method: 'GET',
    path: `/admin/reports/${table}.csv`,
    message: `The period's ${table} as a CSV file`,
    procedure: 'admin.reports.csv',
    fixedInput: { table },
    csvFile: true,
  })),
];
