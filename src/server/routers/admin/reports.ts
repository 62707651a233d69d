// The salon's report for a period, and its tables as CSV files.
import { reportCsvQuerySchema, reportCsvSchema, reportPeriodSchema, salonReportSchema } from '@/shared/schemas/reports';
import { reportCsv } from '@/server/reports/export';
import { salonReport } from '@/server/reports/report';
import { router, staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';

export const adminReportsRouter = router({
  /** Takings, bookings by status, per service and specialist, customers, and a row per day. */
  get: staffProcedure(MANAGERS)
    .input(reportPeriodSchema)
    .output(salonReportSchema)
    .query(({ ctx, input }) => salonReport(ctx.db, ctx.config, input)),
  /** One of the report's tables (bookings, services, specialists) as a CSV file. */
  csv: staffProcedure(MANAGERS)
    .input(reportCsvQuerySchema)
    .output(reportCsvSchema)
    .query(({ ctx, input }) => reportCsv(ctx.db, ctx.config, input, input.table)),
});
