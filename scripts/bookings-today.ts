// `npm run bookings:today`: today's bookings (today in the salon's time zone), one table per
// specialist, read through the typed tRPC client with an API token (SALON_URL, SALON_API_TOKEN).
// Cancelled bookings are listed too, marked "cancelled", so the day sheet shows which times came free.
import type { Booking } from '@/shared/schemas/bookings';
import {
  connectToSalon,
  DEFAULT_SALON_URL,
  describeFailure,
  isMainModule,
  processIo,
  type SalonClient,
  type ScriptIo,
} from './lib/salon-client';
import { formatTable } from './lib/table';

const USAGE = 'Usage: SALON_API_TOKEN=... [SALON_URL=http://localhost:3000] npm run bookings:today';

export const NO_BOOKINGS_MESSAGE = 'No bookings today.';

/** Today's bookings, whatever their status: a date-time is read as a day in the salon's zone. */
export async function todaysBookings(client: SalonClient, now: Date = new Date()): Promise<Booking[]> {
  const page = await client.admin.bookings.list.query({ date: now.toISOString(), all: true });
  return page.bookings;
}

/** `HH:MM` plus whole minutes, on a 24-hour clock. */
function clockPlus(time: string, minutes: number): string {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  const total = (((hours * 60 + mins + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The day sheet: per specialist (by name), their bookings by start time. */
export function formatDaySheet(bookings: readonly Booking[]): string {
  const first = bookings[0];
  if (!first) return NO_BOOKINGS_MESSAGE;
  const bySpecialist = new Map<string, Booking[]>();
  for (const booking of bookings) {
    const key = booking.specialist._id;
    bySpecialist.set(key, [...(bySpecialist.get(key) ?? []), booking]);
  }
  const groups = [...bySpecialist.values()].sort((a, b) =>
    (a[0]?.specialist.name ?? '').localeCompare(b[0]?.specialist.name ?? ''),
  );
  const cancelled = bookings.filter((booking) => booking.status === 'cancelled').length;
  const count = `${bookings.length} booking${bookings.length === 1 ? '' : 's'}`;
  const lines = [
    `Bookings on ${first.bookingDate} (today in the salon's time zone): ${count}${cancelled ? `, ${cancelled} cancelled` : ''}`,
  ];
  for (const group of groups) {
    const sorted = [...group].sort(
      (a, b) =>
        a.timeSlot.localeCompare(b.timeSlot) || Number(a.status === 'cancelled') - Number(b.status === 'cancelled'),
    );
    lines.push('', group[0]?.specialist.name ?? '');
    lines.push(
      formatTable(
        ['Time', 'Service', 'Customer', 'Phone', 'Status'],
        sorted.map((booking) => [
          `${booking.timeSlot}-${clockPlus(booking.timeSlot, booking.service.duration)}`,
          booking.service.name,
          `${booking.firstName} ${booking.lastName}`.trim(),
          booking.phone,
          booking.status,
        ]),
        '  ',
      ),
    );
  }
  return lines.join('\n');
}

export async function run(args: readonly string[], io: ScriptIo): Promise<number> {
  if (args.length > 0) {
    io.stderr.write(`${args.includes('--help') ? '' : `Unexpected argument: ${args[0] ?? ''}\n`}${USAGE}\n`);
    return args.includes('--help') ? 0 : 2;
  }
  let url = io.env.SALON_URL ?? DEFAULT_SALON_URL;
  try {
    const salon = connectToSalon(io.env, 'bookings:today');
    url = salon.url;
    io.stdout.write(`${formatDaySheet(await todaysBookings(salon.client))}\n`);
    return 0;
  } catch (error) {
    io.stderr.write(`${describeFailure(error, url)}\n`);
    return 1;
  }
}

if (isMainModule(import.meta.url)) process.exitCode = await run(process.argv.slice(2), processIo());
