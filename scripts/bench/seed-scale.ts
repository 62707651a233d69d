// Salon-chain data for the benchmark, written straight into a migrated database with prepared
// statements inside transactions: hundreds of thousands of rows take seconds, not minutes.
// Bookings are laid out per specialist and working day as back-to-back appointments on the
// slot grid, so live bookings never overlap (and the unique index on live starts holds); days
// in the coming weeks are only partly filled, so there is free time left to book.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SERVICE_CATEGORIES,
  WEEKDAYS,
  type BookingStatus,
  type ServiceCategory,
  type Weekday,
} from '@/shared/constants';
import { hashPassword } from '@/server/auth/passwords';
import type { AppDatabase } from '@/server/db/client';
import { addCalendarDays, calendarDay, instantAt } from '@/server/domain/calendar';
import { weekdayOf } from '@/server/domain/slots';

export interface ScaleSizes {
  services: number;
  specialists: number;
  bookings: number;
  customers: number;
  reviews: number;
}

export const SALON_CHAIN: ScaleSizes = {
  services: 200,
  specialists: 40,
  bookings: 50_000,
  customers: 5_000,
  reviews: 2_000,
};

export interface SeededService {
  id: string;
  name: string;
  durationMinutes: number;
  bufferMinutes: number;
}

export interface SeededSpecialist {
  id: string;
  name: string;
  availableFrom: string;
  availableTo: string;
  days: Weekday[];
  /** Weekly hours of their own: every working weekday with an hour's lunch break. */
  week: Partial<Record<Weekday, { from: string; to: string }[]>>;
  /** One whole day of time off ahead (`YYYY-MM-DD`). */
  dayOff: string;
  expertise: SeededService[];
}

export interface ScaleSeed {
  adminId: string;
  customerIds: string[];
  services: SeededService[];
  specialists: SeededSpecialist[];
  /** Rows written per table (bookings by status too). */
  counts: Record<string, number>;
  /** Days of history the bookings span (more bookings, more history: the chain has 40 chairs). */
  historyDays: number;
  /** A last name that some customers carry: a realistic back-office search. */
  searchTerm: string;
  /** The specialist with the most live bookings on one future day, that day, and a service they offer. */
  busy: {
    specialistId: string;
    specialistName: string;
    day: string;
    serviceName: string;
    liveBookings: number;
    /** Up to three services of the busy specialist, shortest first: a visit asked for with "any" for each. */
    visitServices: string[];
  };
  seconds: number;
}

export interface SeedScaleOptions {
  timezone: string;
  /** Where service and specialist pictures are copied (DATA_DIR/uploads). */
  uploadsDir?: string;
  now?: Date;
  /** Seed of the pseudo-random generator: the same sizes give the same salon. */
  seed?: number;
}

/** Mulberry32: small, fast, reproducible. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Ids of the app's shape (ids.ts: 8 hex of seconds, 16 random hex), cheaper for 500,000 rows. */
function idMaker(): (at: Date) => string {
  let pool = randomBytes(0);
  let offset = 0;
  return (at) => {
    if (offset + 8 > pool.length) {
      pool = randomBytes(8 * 4096);
      offset = 0;
    }
    const head = Math.floor(at.getTime() / 1000)
      .toString(16)
      .padStart(8, '0');
    const tail = pool.toString('hex', offset, offset + 8);
    offset += 8;
    return head + tail;
  };
}

const SERVICE_BASES: Record<ServiceCategory, string[]> = {
  'Make up': [
    'Bridal Make up',
    'Evening Make up',
    'Day Make up',
    'Editorial Make up',
    'Lash Extensions',
    'Brow Shaping',
    'Airbrush Make up',
    'Party Glam',
  ],
  'Hair styling': [
    'Haircut & Styling',
    'Hair Colouring',
    'Balayage',
    'Blow-dry',
    'Keratin Treatment',
    'Updo',
    'Scalp Treatment',
    'Curls & Waves',
  ],
  'Nail care': [
    'Classic Manicure',
    'Gel Pedicure',
    'Nail Art',
    'Acrylic Extensions',
    'Spa Manicure',
    'Paraffin Hands',
    'French Manicure',
    'Gel Removal',
  ],
  cosmetology: [
    'Facial Cleansing',
    'Chemical Peel',
    'Microdermabrasion',
    'Hydrating Facial',
    'Anti-age Facial',
    'LED Therapy',
    'Acne Treatment',
    'Dermaplaning',
  ],
  'SPA procedures': [
    'Hot Stone Massage',
    'Aroma SPA Ritual',
    'Body Scrub',
    'Lymphatic Massage',
    'Reflexology',
    'Thai Massage',
    'Seaweed Wrap',
    'Couples Retreat',
  ],
};
const VARIANTS = ['Classic', 'Signature', 'Express', 'Deluxe', 'Premium', 'Mini', 'Seasonal'];
const FIRST_NAMES = [
  'Olivia',
  'Priya',
  'Emma',
  'Noah',
  'Aisha',
  'Maya',
  'Sofia',
  'Leila',
  'Anna',
  'Clara',
  'Nora',
  'Ivy',
  'Zara',
  'Mia',
  'Lucas',
  'Ethan',
  'Ravi',
  'Yuki',
  'Elena',
  'Hana',
  'Omar',
  'Sara',
  'Lina',
  'Kiran',
  'Julia',
  'Tara',
  'Rosa',
  'Amir',
  'Nina',
  'Leo',
];
const LAST_NAMES = [
  'Brown',
  'Kapoor',
  'Wilson',
  'Reed',
  'Khan',
  'Chen',
  'Rossi',
  'Haddad',
  'Petrova',
  'Patel',
  'Garcia',
  'Singh',
  'Tanaka',
  'Novak',
  'Silva',
  'Moreau',
  'Fischer',
  'Ahmed',
  'Kowalski',
  'Jensen',
  'Murphy',
  'Costa',
  'Ivanova',
  'Mehta',
  'Dubois',
  'Larsen',
  'Nakamura',
  'Okafor',
  'Bianchi',
  'Herrera',
  'Schmidt',
  'Yilmaz',
  'Das',
  'Lopez',
  'Müller',
  'Sato',
  'Kim',
  'Park',
  'Nguyen',
  'Ali',
];
const SEARCH_LAST_NAME = 'Patel';

const SERVICE_IMAGES = [
  'aroma-spa',
  'bridal-makeup',
  'chemical-peel',
  'classic-manicure',
  'evening-makeup',
  'facial-cleansing',
  'gel-pedicure',
  'hair-colouring',
  'haircut-styling',
  'hot-stone-massage',
];
const SPECIALIST_IMAGES = ['anna', 'leila', 'maya', 'sofia'];
const SEED_IMAGES_DIR = fileURLToPath(new URL('../../src/server/setup/seed-images', import.meta.url));

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

const DAY_MS = 86_400_000;
/** Bookable future: the product offers 60 days ahead; the seed fills a little beyond. */
const FUTURE_DAYS = 62;
/** Share of a future working day that is booked already: the rest stays free to book. */
const FUTURE_FILL = 0.45;
/** A specialist's day in the past is this full at most (no-shows, gaps). */
const PAST_FILL = 0.7;

interface PlannedBooking {
  specialist: number;
  service: SeededService;
  day: string;
  start: number;
  future: boolean;
}

/**
 * Fills a migrated, empty database with a salon chain of the given sizes and returns what the
 * benchmark needs to address it (ids, names, a busy day). The slot grid is 30 minutes from each
 * specialist's opening time, as the server's default SLOT_STEP_MINUTES.
 */
export async function seedScale(
  database: AppDatabase,
  sizes: ScaleSizes,
  options: SeedScaleOptions,
): Promise<ScaleSeed> {
  const started = performance.now();
  const { sqlite } = database;
  const timezone = options.timezone;
  const now = options.now ?? new Date();
  const today = calendarDay(now, timezone);
  const random = generator(options.seed ?? 20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const newId = idMaker();
  const step = 30;
  // One argon2id hash for every account: hashing 5,000 passwords would take minutes.
  const passwordHash = await hashPassword('bench-password-123');

  let serviceImages = SERVICE_IMAGES.map((key) => `/uploads/bench-service-${key}.jpg`);
  let specialistImages = SPECIALIST_IMAGES.map((key) => `/uploads/bench-specialist-${key}.jpg`);
  if (options.uploadsDir) {
    mkdirSync(options.uploadsDir, { recursive: true });
    for (const key of SERVICE_IMAGES)
      copyFileSync(join(SEED_IMAGES_DIR, `service-${key}.jpg`), join(options.uploadsDir, `bench-service-${key}.jpg`));
    for (const key of SPECIALIST_IMAGES)
      copyFileSync(
        join(SEED_IMAGES_DIR, `specialist-${key}.jpg`),
        join(options.uploadsDir, `bench-specialist-${key}.jpg`),
      );
  } else {
    serviceImages = serviceImages.slice(0, 1);
    specialistImages = specialistImages.slice(0, 1);
  }

  // ------------------------------------------------------------ catalogue
  const services: (SeededService & { category: ServiceCategory })[] = [];
  const taken = new Set<string>();
  for (let i = 0; services.length < sizes.services; i++) {
    const category: ServiceCategory = SERVICE_CATEGORIES[i % SERVICE_CATEGORIES.length] ?? 'Make up';
    const base = pick(SERVICE_BASES[category]);
    let name = `${pick(VARIANTS)} ${base}`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} No. ${n}`;
    taken.add(name.toLowerCase());
    services.push({
      id: newId(now),
      name,
      category,
      durationMinutes: 30 + 15 * Math.floor(random() * 7),
      bufferMinutes: pick([0, 0, 5, 10, 15]),
    });
  }
  const byCategory = new Map<ServiceCategory, typeof services>();
  for (const s of services) byCategory.set(s.category, [...(byCategory.get(s.category) ?? []), s]);

  const specialists: SeededSpecialist[] = [];
  for (let i = 0; i < sizes.specialists; i++) {
    const fromMinutes = pick([8 * 60, 9 * 60, 9 * 60, 10 * 60, 11 * 60]);
    const hours = pick([8, 9, 9, 10]);
    const dayOff = new Set<Weekday>([pick(WEEKDAYS)]);
    if (random() < 0.5) dayOff.add(pick(WEEKDAYS));
    const main = pick(SERVICE_CATEGORIES);
    const second = pick(SERVICE_CATEGORIES);
    const pool = [
      ...(byCategory.get(main) ?? []),
      ...(second === main ? [] : (byCategory.get(second) ?? []).slice(0, 6)),
    ];
    const expertise = new Map<string, SeededService>();
    const wanted = Math.min(pool.length, 6 + Math.floor(random() * 10));
    while (expertise.size < wanted) {
      const s = pick(pool);
      expertise.set(s.id, s);
    }
    const days = WEEKDAYS.filter((d) => !dayOff.has(d));
    // Four hours, an hour's break, then the rest of the day.
    const lunch = fromMinutes + 4 * 60;
    const ranges = [
      { from: clock(fromMinutes), to: clock(lunch) },
      { from: clock(lunch + 60), to: clock(fromMinutes + hours * 60) },
    ];
    specialists.push({
      id: newId(now),
      name: `${FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Sam'} ${LAST_NAMES[(i * 7 + 3) % LAST_NAMES.length] ?? 'Lee'} ${i + 1}`,
      availableFrom: clock(fromMinutes),
      availableTo: clock(fromMinutes + hours * 60),
      days,
      week: Object.fromEntries(days.map((d) => [d, ranges])),
      dayOff: addCalendarDays(today, 20 + (i % 30)),
      expertise: [...expertise.values()],
    });
  }

  // ------------------------------------------------------------ bookings plan
  // Each specialist's working days are packed with appointments back to back on the grid; a day
  // in the past keeps PAST_FILL of them, a future day FUTURE_FILL. More bookings than one year
  // holds means more years of history (a chain's archive grows with time, not per day).
  const weekdayCache = new Map<string, Weekday>();
  const weekday = (day: string) => {
    let w = weekdayCache.get(day);
    if (!w) {
      w = weekdayOf(day);
      weekdayCache.set(day, w);
    }
    return w;
  };
  const futureWanted = Math.min(
    Math.round(sizes.bookings * 0.15),
    Math.round(sizes.specialists * FUTURE_DAYS * 6 * FUTURE_FILL * 6),
  );
  const plan: PlannedBooking[] = [];
  const packDay = (si: number, day: string, fill: number, future: boolean) => {
    const sp = specialists[si];
    if (!sp || (future && day === sp.dayOff)) return;
    for (const range of sp.week[weekday(day)] ?? []) {
      const close = minutesOf(range.to);
      let t = minutesOf(range.from);
      while (t < close) {
        const service = pick(sp.expertise);
        const length = service.durationMinutes + service.bufferMinutes;
        if (t + length > close) break;
        if (random() < fill) {
          plan.push({ specialist: si, service, day, start: t, future });
          t += Math.ceil(length / step) * step;
        } else {
          t += step;
        }
      }
    }
  };
  for (let d = 1; d <= FUTURE_DAYS; d++) {
    const day = addCalendarDays(today, d);
    for (let si = 0; si < specialists.length; si++) packDay(si, day, FUTURE_FILL, true);
  }
  // Trim the future share to its target (random picks, so every day keeps free time).
  shuffle(plan, random);
  plan.length = Math.min(plan.length, futureWanted);
  let historyDays = 0;
  const pastStart = plan.length;
  while (plan.length < sizes.bookings) {
    historyDays++;
    const day = addCalendarDays(today, -historyDays);
    for (let si = 0; si < specialists.length; si++) packDay(si, day, PAST_FILL, false);
    if (historyDays > 365 * 50) throw new Error('seedScale: too many bookings for the specialists');
  }
  // The last day added may overshoot: drop random past bookings of it.
  if (plan.length > sizes.bookings) {
    const excess = plan.length - sizes.bookings;
    const lastDay = addCalendarDays(today, -historyDays);
    let removed = 0;
    for (let i = plan.length - 1; i >= pastStart && removed < excess; i--) {
      if (plan[i]?.day === lastDay) {
        plan.splice(i, 1);
        removed++;
      }
    }
    plan.length = sizes.bookings;
  }

  // ------------------------------------------------------------ write
  const customerIds: string[] = [];
  const customers: { id: string; first: string; last: string; email: string; phone: string }[] = [];
  for (let i = 0; i < sizes.customers; i++) {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const c = { id: newId(now), first, last, email: `customer${i + 1}@bench.test`, phone: String(9_000_000_000 + i) };
    customers.push(c);
    customerIds.push(c.id);
  }
  const adminId = newId(now);
  /** Sales written at the till (receipt numbers 1, 2, 3 ...). */
  let receipts = 0;
  const statusCounts: Record<BookingStatus, number> = {
    pending: 0,
    confirmed: 0,
    cancelled: 0,
    completed: 0,
    'no-show': 0,
  };
  const dayStartCache = new Map<string, number>();
  const dayStart = (day: string) => {
    let ms = dayStartCache.get(day);
    if (ms === undefined) {
      ms = instantAt(day, '00:00', timezone).getTime();
      dayStartCache.set(day, ms);
    }
    return ms;
  };
  let busiest = { key: '', n: 0 };
  const liveByDay = new Map<string, number>();

  const write = sqlite.transaction(() => {
    const nowMs = now.getTime();
    sqlite
      .prepare(
        `INSERT INTO admins (id, full_name, email, phone, secondary_phone, address, latitude, longitude, avatar_url, password_hash, created_at, updated_at)
         VALUES (?, 'Bench Admin', 'admin@bench.test', '9876543210', '9123456780', '12 Rose Street, Mumbai', 19.0596, 72.8295, NULL, ?, ?, ?)`,
      )
      .run(adminId, passwordHash, nowMs, nowMs);
    sqlite
      .prepare(
        `INSERT INTO salon_contact (id, address, email, phone, secondary_phone, latitude, longitude, updated_at)
         VALUES (1, '12 Rose Street, Bandra West, Mumbai 400050', 'hello@bench.test', '9876543210', '9123456780', 19.0596, 72.8295, ?)`,
      )
      .run(nowMs);
    const insertUser = sqlite.prepare(
      'INSERT INTO users (id, full_name, email, phone, avatar_url, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?)',
    );
    for (const c of customers)
      insertUser.run(
        c.id,
        `${c.first} ${c.last}`,
        c.email,
        c.phone,
        passwordHash,
        nowMs - Math.floor(random() * 400 * DAY_MS),
        nowMs,
      );

    const insertService = sqlite.prepare(
      `INSERT INTO services (id, name, category, price, duration_minutes, buffer_minutes, description, image_url, deleted_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
    );
    services.forEach((s, i) =>
      insertService.run(
        s.id,
        s.name,
        s.category,
        Math.round(15 + random() * 185),
        s.durationMinutes,
        s.bufferMinutes,
        `${s.name}: a ${s.durationMinutes}-minute ${s.category.toLowerCase()} treatment by our specialists.`,
        serviceImages[i % serviceImages.length] ?? '',
        nowMs - (services.length - i) * 1000,
        nowMs,
      ),
    );
    const insertSpecialist = sqlite.prepare(
      `INSERT INTO specialists (id, name, phone, email, available_from, available_to, image_url, deleted_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
    );
    const insertDay = sqlite.prepare('INSERT INTO specialist_days (specialist_id, day) VALUES (?, ?)');
    const insertExpertise = sqlite.prepare('INSERT INTO specialist_services (specialist_id, service_id) VALUES (?, ?)');
    const insertHours = sqlite.prepare(
      'INSERT INTO specialist_schedules (specialist_id, day, ranges) VALUES (?, ?, ?)',
    );
    const insertTimeOff = sqlite.prepare(
      'INSERT INTO time_off (id, specialist_id, starts_local, ends_local, starts_at, ends_at, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    specialists.forEach((sp, i) => {
      insertSpecialist.run(
        sp.id,
        sp.name,
        String(9_800_000_000 + i),
        `specialist${i + 1}@bench.test`,
        sp.availableFrom,
        sp.availableTo,
        specialistImages[i % specialistImages.length] ?? '',
        nowMs - (specialists.length - i) * 1000,
        nowMs,
      );
      for (const d of sp.days) insertDay.run(sp.id, d);
      for (const [d, ranges] of Object.entries(sp.week)) insertHours.run(sp.id, d, JSON.stringify(ranges));
      const next = addCalendarDays(sp.dayOff, 1);
      insertTimeOff.run(
        newId(now),
        sp.id,
        `${sp.dayOff}T00:00`,
        `${next}T00:00`,
        dayStart(sp.dayOff),
        dayStart(next),
        'Holiday',
        nowMs,
      );
      for (const s of sp.expertise) insertExpertise.run(sp.id, s.id);
    });

    const insertBooking = sqlite.prepare(
      `INSERT INTO bookings (id, user_id, service_id, specialist_id, first_name, last_name, email, phone, service_name, service_price, price,
         duration_minutes, specialist_name, booking_date, time_slot, starts_at, ends_at, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // Half the completed bookings were checked out at the till (README "The till"): one line at
    // the booked price, a tenth of them with 10% off, paid by card or cash, a third with a tip.
    const insertSale = sqlite.prepare(
      `INSERT INTO sales (id, number, kind, visit_id, user_id, customer_name, customer_email, day, subtotal_cents,
         discount_cents, discount_percent, total_cents, tips_cents, taken_by_id, taken_by_name, created_at)
       VALUES (?, ?, 'visit', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Salon Admin', ?)`,
    );
    const insertSaleItem = sqlite.prepare(
      `INSERT INTO sale_items (id, sale_id, position, day, booking_id, service_id, service_name, specialist_id, specialist_name,
         description, booked_cents, price_cents, net_cents) VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertPayment = sqlite.prepare(
      'INSERT INTO sale_payments (id, sale_id, position, method, amount_cents) VALUES (?, ?, 0, ?, ?)',
    );
    const insertTip = sqlite.prepare(
      'INSERT INTO sale_tips (id, sale_id, specialist_id, specialist_name, amount_cents) VALUES (?, ?, ?, ?, ?)',
    );
    for (const b of plan) {
      const sp = specialists[b.specialist];
      if (!sp) continue;
      const customer = pick(customers);
      const startsAt = dayStart(b.day) + b.start * 60_000;
      const endsAt = startsAt + (b.service.durationMinutes + b.service.bufferMinutes) * 60_000;
      const r = random();
      const status: BookingStatus = b.future
        ? r < 0.1
          ? 'cancelled'
          : r < 0.55
            ? 'pending'
            : 'confirmed'
        : r < 0.08
          ? 'cancelled'
          : r < 0.1
            ? 'confirmed'
            : 'completed';
      statusCounts[status]++;
      // Booked some days ahead, never in the future.
      const createdAt = Math.min(nowMs - 60_000, startsAt - Math.floor(random() * 30 * DAY_MS) - 3_600_000);
      const created = new Date(createdAt);
      const listPrice = Math.round(15 + random() * 185);
      const bookingId = newId(created);
      insertBooking.run(
        bookingId,
        customer.id,
        b.service.id,
        sp.id,
        customer.first,
        customer.last,
        customer.email,
        customer.phone,
        b.service.name,
        listPrice,
        listPrice,
        b.service.durationMinutes,
        sp.name,
        b.day,
        clock(b.start),
        startsAt,
        endsAt,
        status,
        createdAt,
        createdAt,
      );
      if (status === 'completed' && random() < 0.5) {
        const saleId = newId(new Date(endsAt));
        const priceCents = listPrice * 100;
        const discountCents = random() < 0.1 ? Math.round(priceCents / 10) : 0;
        const tipCents = random() < 0.33 ? 500 : 0;
        const totalCents = priceCents - discountCents;
        insertSale.run(
          saleId,
          ++receipts,
          bookingId,
          customer.id,
          `${customer.first} ${customer.last}`,
          customer.email,
          b.day,
          priceCents,
          discountCents,
          discountCents === 0 ? null : 10,
          totalCents,
          tipCents,
          adminId,
          endsAt,
        );
        insertSaleItem.run(
          newId(new Date(endsAt)),
          saleId,
          b.day,
          bookingId,
          b.service.id,
          b.service.name,
          sp.id,
          sp.name,
          b.service.name,
          priceCents,
          priceCents,
          totalCents,
        );
        insertPayment.run(newId(new Date(endsAt)), saleId, random() < 0.7 ? 'card' : 'cash', totalCents + tipCents);
        if (tipCents > 0) insertTip.run(newId(new Date(endsAt)), saleId, sp.id, sp.name, tipCents);
      }
      if (b.future && status !== 'cancelled') {
        const key = `${b.specialist}|${b.day}`;
        const n = (liveByDay.get(key) ?? 0) + 1;
        liveByDay.set(key, n);
        // Within the product's 60-day horizon.
        if (n > busiest.n && b.day <= addCalendarDays(today, 55)) busiest = { key, n };
      }
    }

    // The busy day also has an hour of time off at its end (over bookings: "needs attention"), so
    // the free-slots figure reads hours, breaks and time off, as the product does.
    const [busyIndex = '0', busyDayKey] = busiest.key.split('|');
    const busySp = specialists[Number(busyIndex)];
    const busyRanges = busyDayKey ? busySp?.week[weekday(busyDayKey)] : undefined;
    const lastRange = busyRanges?.[busyRanges.length - 1];
    if (busySp && busyDayKey && lastRange) {
      const offFrom = clock(minutesOf(lastRange.to) - 60);
      const startsAt = dayStart(busyDayKey) + minutesOf(offFrom) * 60_000;
      insertTimeOff.run(
        newId(now),
        busySp.id,
        `${busyDayKey}T${offFrom}`,
        `${busyDayKey}T${lastRange.to}`,
        startsAt,
        startsAt + 3_600_000,
        'Appointment',
        nowMs,
      );
    }

    const insertReview = sqlite.prepare(
      'INSERT INTO reviews (id, user_id, service_id, rating, comment, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (let i = 0; i < sizes.reviews; i++) {
      const createdAt = nowMs - Math.floor(random() * 365 * DAY_MS);
      insertReview.run(
        newId(new Date(createdAt)),
        pick(customers).id,
        pick(services).id,
        pick([3, 4, 4, 5, 5, 5]),
        pick([
          'Lovely, calm studio and a great result.',
          'Exactly what I asked for, booking again.',
          'Friendly staff and on time.',
          'Good, though the wait was a little long.',
        ]),
        random() < 0.85 ? 'Approved' : 'Pending',
        createdAt,
        createdAt,
      );
    }
  });
  write.immediate();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.exec('ANALYZE');

  const [busySpecialistIndex = '0', busyDay = addCalendarDays(today, 1)] = busiest.key.split('|');
  const busySpecialist = specialists[Number(busySpecialistIndex)] ?? specialists[0];
  if (!busySpecialist) throw new Error('seedScale: no specialists');
  const shortest = [...busySpecialist.expertise].sort(
    (a, b) => a.durationMinutes + a.bufferMinutes - (b.durationMinutes + b.bufferMinutes),
  )[0];
  return {
    adminId,
    customerIds,
    services,
    specialists,
    counts: {
      services: services.length,
      specialists: specialists.length,
      customers: customers.length,
      reviews: sizes.reviews,
      bookings: plan.length,
      sales: receipts,
      ...Object.fromEntries(Object.entries(statusCounts).map(([k, v]) => [`bookings ${k}`, v])),
    },
    historyDays,
    searchTerm: SEARCH_LAST_NAME,
    busy: {
      specialistId: busySpecialist.id,
      specialistName: busySpecialist.name,
      day: busyDay,
      serviceName: shortest?.name ?? '',
      liveBookings: busiest.n,
      visitServices: [...busySpecialist.expertise]
        .sort((a, b) => a.durationMinutes + a.bufferMinutes - (b.durationMinutes + b.bufferMinutes))
        .slice(0, 3)
        .map((service) => service.name),
    },
    seconds: (performance.now() - started) / 1000,
  };
}

function shuffle(list: unknown[], random: () => number): void {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
}
