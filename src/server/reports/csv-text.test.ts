// The CSV export opened in a spreadsheet (export.ts, docs/decisions/0028-csv-digit-strings.md): a
// phone or reference made of digits arrives as text, its leading zero and its `+` kept, while
// dates and money stay plain and a cell that could run as a formula is still escaped.
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '@/server/db/schema';
import { useTestApp } from '@/server/test/app';
import { bookingRow, createCustomer, futureWorkday, idOfService, idOfSpecialist } from '@/server/test/bookings';
import type { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';

const ZWSP = '\u200B';

describe('digit strings in the CSV export', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;
  let day: string;

  const salon = useTestApp({ admin: true });
  beforeAll(async () => {
    ({ env, app, admin } = salon);
    const { db } = env.database;
    const customer = await createCustomer(app, db);
    // A day of no demo booking: the customers below are the file's only rows.
    day = futureWorkday(env.config.timezone, 60);
    const at = (time: string, fields: Partial<typeof bookings.$inferInsert>) => ({
      ...bookingRow({
        day,
        time,
        timeZone: env.config.timezone,
        userId: customer.id,
        serviceId: idOfService(db, 'Classic Manicure'),
        specialistId: idOfSpecialist(db, 'Maya Chen'),
      }),
      ...fields,
    });
    db.insert(bookings)
      .values([
        at('10:00', { firstName: 'Zoe', lastName: 'Zero', phone: '0712345678' }),
        at('11:00', { firstName: 'Ian', lastName: 'Intl', phone: '+447700900123' }),
        // A walk-in recorded under its ticket number.
        at('12:00', { firstName: '000123', lastName: '', phone: '+44 (0)20 7946-0958' }),
        at('13:00', { firstName: '=HYPERLINK("http://evil.test")', lastName: '', phone: '-1+1' }),
      ])
      .run();
  });

  it('marks a phone or reference of digits as text, and leaves the rest as before', async () => {
    const response = await admin.request('GET', `/api/v1/admin/reports/bookings.csv?from=${day}&to=${day}`);
    expect(response.statusCode).toBe(200);
    // The exact bytes: a zero-width space (E2 80 8B) before each digit string, nothing around it.
    expect(response.rawPayload.toString('utf8').split('\r\n').slice(1)).toEqual([
      `${day},10:00,Zoe Zero,row@example.test,${ZWSP}0712345678,Classic Manicure,Maya Chen,pending,25.00,,direct`,
      `${day},11:00,Ian Intl,row@example.test,${ZWSP}+447700900123,Classic Manicure,Maya Chen,pending,25.00,,direct`,
      `${day},12:00,${ZWSP}000123,row@example.test,${ZWSP}+44 (0)20 7946-0958,Classic Manicure,Maya Chen,pending,25.00,,direct`,
      `${day},13:00,"'=HYPERLINK(""http://evil.test"")",row@example.test,${ZWSP}-1+1,Classic Manicure,Maya Chen,pending,25.00,,direct`,
      '',
    ]);
    expect(response.rawPayload.includes(Buffer.from([0x2c, 0xe2, 0x80, 0x8b, 0x30, 0x37]))).toBe(true);

    const [header, ...rows]: string[][] = parse(response.body, { bom: true });
    expect(header).toEqual([
      'Date',
      'Time',
      'Customer',
      'Email',
      'Phone',
      'Service',
      'Specialist',
      'Status',
      'Price',
      'Visit',
      'Source',
    ]);
    const phones = rows.map((row) => row[4] ?? '');
    // Read back, each is the phone as typed behind the mark, and no number parser takes it for a number.
    expect(phones.map((phone) => phone.replace(ZWSP, ''))).toEqual([
      '0712345678',
      '+447700900123',
      '+44 (0)20 7946-0958',
      '-1+1',
    ]);
    for (const cell of [...phones, rows[2]?.[2] ?? '']) {
      expect(cell.startsWith(ZWSP), cell).toBe(true);
      expect(Number.isNaN(Number(cell)) && Number.isNaN(Number.parseFloat(cell)), cell).toBe(true);
    }
    // Dates, times and money are untouched: a spreadsheet still sums the prices.
    expect(rows.map((row) => [row[0], row[1], row[8]])).toEqual(
      ['10:00', '11:00', '12:00', '13:00'].map((time) => [day, time, '25.00']),
    );
  });
});
