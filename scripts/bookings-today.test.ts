// `npm run bookings:today` against a real salon listening on a local port.
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, revokeApiToken } from '@/server/auth/api-tokens';
import { DEMO_CUSTOMER } from '@/server/setup/seed';
import { bookings, users } from '@/server/db/schema';
import { addCalendarDays, calendarDay, todayIn } from '@/server/domain/calendar';
import { bookingRow, idOfService, idOfSpecialist } from '@/server/test/bookings';
import { formatDaySheet, NO_BOOKINGS_MESSAGE, run } from './bookings-today';
import { missingTokenMessage, TOKEN_REFUSED_MESSAGE } from './lib/salon-client';
import { captureIo, runCommand, startSalon, type ListeningSalon } from './lib/testing';

/**
 * A salon whose calendar day differs from UTC's right now (UTC-11 early in the UTC day, UTC+14
 * later), so that "today" can only be right if it is read in the salon's zone.
 */
const SALON_ZONE = new Date().getUTCHours() < 10 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';

/** A port nobody listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('npm run bookings:today', () => {
  let salon: ListeningSalon;
  let today: string;

  beforeAll(async () => {
    salon = await startSalon({ SALON_TIMEZONE: SALON_ZONE });
    const { db } = salon.database;
    today = todayIn(SALON_ZONE);
    const customer = db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email)).get();
    if (!customer) throw new Error('no demo customer');
    const at = (
      specialist: string,
      service: string,
      day: string,
      time: string,
      name: [string, string],
      status?: 'cancelled',
    ) => ({
      ...bookingRow({
        userId: customer.id,
        serviceId: idOfService(db, service),
        specialistId: idOfSpecialist(db, specialist),
        day,
        time,
        timeZone: SALON_ZONE,
        firstName: name[0],
        lastName: name[1],
        serviceName: service,
        durationMinutes: 45,
        ...(status ? { status } : {}),
      }),
      specialistName: specialist,
      phone: '9811112222',
    });
    // Only this test's bookings: the demo's own book of today (setup/seed.ts) is set aside.
    db.delete(bookings).where(eq(bookings.bookingDate, today)).run();
    const utcDay = calendarDay(new Date(), 'UTC');
    expect(utcDay).not.toBe(today);
    db.insert(bookings)
      .values([
        at('Maya Chen', 'Gel Pedicure', today, '15:00', ['Petra', 'Late']),
        at('Maya Chen', 'Classic Manicure', today, '09:30', ['Olga', 'Early']),
        at('Anna Petrova', 'Evening Make up', today, '11:00', ['Nora', 'Noon']),
        at('Anna Petrova', 'Bridal Make up', today, '13:00', ['Carla', 'Called-Off'], 'cancelled'),
        at('Anna Petrova', 'Evening Make up', addCalendarDays(today, 1), '10:00', ['Tom', 'Tomorrow']),
        at('Maya Chen', 'Gel Pedicure', utcDay, '16:00', ['Uma', 'Utc-Day']),
      ])
      .run();
  });

  const envOf = (token: string | undefined, url = salon.url) => ({ SALON_URL: url, SALON_API_TOKEN: token });

  it("prints today's bookings in the salon's time zone under their specialist, by time, and no other day's", async () => {
    const io = captureIo(envOf(salon.token));
    expect(await run([], io)).toBe(0);
    expect(io.err()).toBe('');
    const out = io.out();

    expect(out).toContain(`Bookings on ${today} (today in the salon's time zone): 4 bookings, 1 cancelled`);
    const lines = out.split('\n');
    const anna = lines.indexOf('Anna Petrova');
    const maya = lines.indexOf('Maya Chen');
    expect(anna).toBeGreaterThan(0);
    expect(maya).toBeGreaterThan(anna);
    expect(lines[anna + 1]).toMatch(/^ {2}Time +Service +Customer +Phone +Status$/);
    const annaRows = lines.slice(anna + 3, maya - 1);
    const mayaRows = lines.slice(maya + 3).filter((line) => line.trim() !== '');
    expect(annaRows).toHaveLength(2);
    expect(annaRows[0]).toMatch(/^ {2}11:00-11:45 +Evening Make up +Nora Noon +9811112222 +pending$/);
    expect(annaRows[1]).toMatch(/^ {2}13:00-13:45 +Bridal Make up +Carla Called-Off +9811112222 +cancelled$/);
    expect(mayaRows).toHaveLength(2);
    expect(mayaRows[0]).toMatch(/^ {2}09:30-10:15 +Classic Manicure +Olga Early/);
    expect(mayaRows[1]).toMatch(/^ {2}15:00-15:45 +Gel Pedicure +Petra Late/);

    expect(out).not.toContain('Tomorrow');
    expect(out).not.toContain('Utc-Day');
    // The demo bookings lie on other days.
    expect(out).not.toContain('Clara Demo');
  });

  it('refuses to run without a token, saying where to get one', async () => {
    const io = captureIo(envOf(undefined));
    expect(await run([], io)).toBe(1);
    expect(io.err()).toBe(`${missingTokenMessage('bookings:today')}\n`);
    expect(io.err()).toContain('SALON_API_TOKEN is not set');
    expect(io.out()).toBe('');
  });

  it('says an unknown or revoked token was refused', async () => {
    const unknown = captureIo(envOf('salon_NOTATOKENNOTATOKENNOTATOKEN12'));
    expect(await run([], unknown)).toBe(1);
    expect(unknown.err()).toBe(`${TOKEN_REFUSED_MESSAGE}\n`);
    expect(unknown.out()).toBe('');

    const { token, apiToken } = createApiToken(salon.database.db, { adminId: salon.adminId, name: 'Soon revoked' });
    expect(await run([], captureIo(envOf(token)))).toBe(0);
    revokeApiToken(salon.database.db, salon.adminId, apiToken._id);
    const revoked = captureIo(envOf(token));
    expect(await run([], revoked)).toBe(1);
    expect(revoked.err()).toBe(`${TOKEN_REFUSED_MESSAGE}\n`);
  });

  it('says so when no salon answers at SALON_URL', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const io = captureIo(envOf(salon.token, url));
    expect(await run([], io)).toBe(1);
    expect(io.err()).toMatch(
      new RegExp(`^Could not reach the salon at ${url.replaceAll('.', '\\.')}.*Is the server running\\?`),
    );
  });

  it('runs as `npm run bookings:today`', async () => {
    const { code, stdout } = await runCommand('npm', ['run', '--silent', 'bookings:today'], {
      env: { SALON_URL: salon.url, SALON_API_TOKEN: salon.token },
    });
    expect(stdout).toContain('Nora Noon');
    expect(code).toBe(0);
  });
});

describe('a day without bookings', () => {
  let salon: ListeningSalon;
  beforeAll(async () => {
    // The demo salon's book of today (setup/seed.ts) is deleted; Clara's bookings lie on other days.
    salon = await startSalon();
    salon.database.db
      .delete(bookings)
      .where(eq(bookings.bookingDate, todayIn(salon.config.timezone)))
      .run();
  });

  it('says there are no bookings today', async () => {
    const io = captureIo({ SALON_URL: salon.url, SALON_API_TOKEN: salon.token });
    expect(await run([], io)).toBe(0);
    expect(io.out()).toBe(`${NO_BOOKINGS_MESSAGE}\n`);
  });

  it('prints the same line for an empty list', () => {
    expect(formatDaySheet([])).toBe(NO_BOOKINGS_MESSAGE);
  });
});

describe('a SALON_URL where something else answers', () => {
  let salon: ListeningSalon;
  beforeAll(async () => {
    salon = await startSalon();
  });

  it('says the server there does not answer like the salon', async () => {
    const url = `${salon.url}/not-the-api`;
    const io = captureIo({ SALON_URL: url, SALON_API_TOKEN: salon.token });
    expect(await run([], io)).toBe(1);
    expect(io.err()).toMatch(
      new RegExp(
        `^The server at ${url.replaceAll('.', '\\.')} did not answer like the salon \\(.*\\)\\. Check SALON_URL\\.\\n$`,
      ),
    );
  });
});
