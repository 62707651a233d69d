// The demo salon (README "Demo accounts"), written into an empty database only.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServiceCategory, Weekday } from '@/shared/constants';
import { discountOn, priceAfterDiscount } from '@/shared/pricing';
import { hashPassword } from '@/server/auth/passwords';
import { addCalendarDays, calendarDay, instantAt } from '@/server/domain/calendar';
import { UPLOADS_PREFIX } from '@/server/files/urls';
import { rowCount, type AppDatabase, type DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import {
  admins,
  bookings,
  discountCategories,
  discounts,
  openingHours,
  reviews,
  salonContact,
  services,
  specialistDays,
  specialistSchedules,
  specialists,
  specialistServices,
  timeOff,
  users,
} from '@/server/db/schema';
import { weekdayOf } from '@/server/domain/schedule';
import { splitFullName } from '@/shared/bookings';
import { projectPath } from '@/server/paths';

export const DEMO_ADMIN = { email: 'admin@salon.test', password: 'admin12345', fullName: 'Salon Admin' };
export const DEMO_CUSTOMER = { email: 'customer@salon.test', password: 'customer123', fullName: 'Clara Demo' };
/** The front desk: the calendar, bookings, customers and reviews; no prices, reports or settings. */
export const DEMO_RECEPTION = { email: 'reception@salon.test', password: 'reception123', fullName: 'Rita Desk' };
/** Leila Haddad's own account: her day (My day) and nothing else. */
export const DEMO_SPECIALIST = { email: 'leila@salon.test', password: 'leila12345', fullName: 'Leila Haddad' };

const SEED_IMAGES_DIR = projectPath('src/server/setup/seed-images');

const CONTACT = {
  address: '12 Rose Street, Bandra West, Mumbai 400050',
  email: 'hello@salon.test',
  phone: '9876543210',
  secondaryPhone: '9123456780',
  latitude: 19.0596,
  longitude: 72.8295,
};

const SERVICES: {
  key: string;
  name: string;
  category: ServiceCategory;
  price: number;
  duration: number;
  /** The client stays while the colour develops; the specialist is free for someone else. */
  processing?: number;
  description: string;
}[] = [
  {
    key: 'bridal-makeup',
    name: 'Bridal Make up',
    category: 'Make up',
    price: 120,
    duration: 90,
    description: 'A long-wearing bridal look with a trial consultation, lashes and a touch-up kit for the day.',
  },
  {
    key: 'evening-makeup',
    name: 'Evening Make up',
    category: 'Make up',
    price: 60,
    duration: 60,
    description: 'A polished evening look, from soft glam to a bold eye, matched to your outfit.',
  },
  {
    key: 'haircut-styling',
    name: 'Haircut & Styling',
    category: 'Hair styling',
    price: 45,
    duration: 60,
    description: 'Wash, precision cut and blow-dry styled to suit your face and your routine.',
  },
  {
    key: 'hair-colouring',
    name: 'Hair Colouring',
    category: 'Hair styling',
    price: 85,
    duration: 60,
    processing: 40,
    description: 'Full colour or balayage with a bond-protecting treatment and a gloss finish.',
  },
  {
    key: 'classic-manicure',
    name: 'Classic Manicure',
    category: 'Nail care',
    price: 25,
    duration: 45,
    description: 'Shaping, cuticle care, a hand massage and the polish of your choice.',
  },
  {
    key: 'gel-pedicure',
    name: 'Gel Pedicure',
    category: 'Nail care',
    price: 40,
    duration: 60,
    description: 'A soak, exfoliation and long-lasting gel colour that stays glossy for weeks.',
  },
  {
    key: 'facial-cleansing',
    name: 'Facial Cleansing',
    category: 'cosmetology',
    price: 55,
    duration: 60,
    description: 'Deep cleansing, gentle extraction and a calming mask for clear, fresh skin.',
  },
  {
    key: 'chemical-peel',
    name: 'Chemical Peel',
    category: 'cosmetology',
    price: 70,
    duration: 45,
    description: 'A fruit-acid peel that evens tone and texture, with aftercare advice.',
  },
  {
    key: 'hot-stone-massage',
    name: 'Hot Stone Massage',
    category: 'SPA procedures',
    price: 80,
    duration: 90,
    description: 'Warm basalt stones and slow strokes that melt away tension from head to toe.',
  },
  {
    key: 'aroma-spa',
    name: 'Aroma SPA Ritual',
    category: 'SPA procedures',
    price: 95,
    duration: 120,
    description: 'A body scrub, aromatic oil massage and herbal tea in our quiet relaxation room.',
  },
];

/** Leila is the senior colourist: her colour costs more than the list price (and takes as long). */
const LEILAS_COLOUR = { price: 95, duration: 60 };

const WORKWEEK: Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const SPECIALISTS: {
  key: string;
  name: string;
  phone: string;
  email: string;
  from: string;
  to: string;
  days: Weekday[];
  expertise: string[];
}[] = [
  {
    key: 'anna',
    name: 'Anna Petrova',
    phone: '9811111111',
    email: 'anna@salon.test',
    from: '09:00',
    to: '18:00',
    days: WORKWEEK,
    expertise: ['bridal-makeup', 'evening-makeup', 'haircut-styling'],
  },
  {
    key: 'maya',
    name: 'Maya Chen',
    phone: '9822222222',
    email: 'maya@salon.test',
    from: '09:00',
    to: '18:00',
    days: WORKWEEK,
    expertise: ['classic-manicure', 'gel-pedicure'],
  },
  {
    key: 'sofia',
    name: 'Sofia Rossi',
    phone: '9833333333',
    email: 'sofia@salon.test',
    from: '10:00',
    to: '19:00',
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Sunday'],
    expertise: ['facial-cleansing', 'chemical-peel', 'evening-makeup'],
  },
  {
    key: 'leila',
    name: 'Leila Haddad',
    phone: '9844444444',
    email: 'leila@salon.test',
    from: '10:00',
    to: '20:00',
    days: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    expertise: ['hot-stone-massage', 'aroma-spa', 'hair-colouring', 'haircut-styling'],
  },
];

/**
 * The demo salon's doors: open whenever one of its specialists works (Leila until 20:00, Sofia and
 * Leila on Sundays from 10:00), so every demo booking and every time the form offered stays inside.
 */
const DEMO_OPENING_HOURS: { day: Weekday; ranges: { from: string; to: string }[] }[] = [
  ...WORKWEEK.map((day) => ({ day, ranges: [{ from: '09:00', to: '20:00' }] })),
  { day: 'Sunday', ranges: [{ from: '10:00', to: '20:00' }] },
];

const REVIEWERS = [
  { key: 'olivia', fullName: 'Olivia Brown', email: 'olivia@salon.test', phone: '9700000001' },
  { key: 'priya', fullName: 'Priya Kapoor', email: 'priya@salon.test', phone: '9700000002' },
  { key: 'emma', fullName: 'Emma Wilson', email: 'emma@salon.test', phone: '9700000003' },
  { key: 'noah', fullName: 'Noah Reed', email: 'noah@salon.test', phone: '9700000004' },
];

const REVIEWS: { by: string; service: string; rating: number; comment: string; approved: boolean }[] = [
  {
    by: 'olivia',
    service: 'bridal-makeup',
    rating: 5,
    comment: 'Anna made me feel like the best version of myself on my wedding day. Flawless all night!',
    approved: true,
  },
  {
    by: 'priya',
    service: 'hot-stone-massage',
    rating: 5,
    comment: 'The most relaxing ninety minutes of my month. Leila has magic hands.',
    approved: true,
  },
  {
    by: 'emma',
    service: 'gel-pedicure',
    rating: 4,
    comment: 'Lovely, calm studio and my gel colour lasted three full weeks without a chip.',
    approved: true,
  },
  {
    by: 'noah',
    service: 'haircut-styling',
    rating: 5,
    comment: 'Great cut, friendly chat, and they actually listened to what I asked for.',
    approved: true,
  },
  {
    by: 'olivia',
    service: 'facial-cleansing',
    rating: 4,
    comment: 'My skin felt fresh for days. Booking again before the holidays.',
    approved: false,
  },
];

/** True when the database holds no accounts and no services: a fresh install. */
export function isDatabaseEmpty(db: DbOrTx): boolean {
  return rowCount(db, users) === 0 && rowCount(db, admins) === 0 && rowCount(db, services) === 0;
}

async function copySeedImage(uploadsDir: string, file: string): Promise<string> {
  const stored = `demo-${file}`;
  await copyFile(join(SEED_IMAGES_DIR, file), join(uploadsDir, stored));
  return `${UPLOADS_PREFIX}${stored}`;
}

export interface SeedOptions {
  uploadsDir: string;
  timezone: string;
  now?: Date;
}

/**
 * Writes the demo salon into an empty database and returns true; leaves any other database
 * untouched and returns false. Dates are relative to today so the demo always looks current.
 */
export async function seedDemoData(database: AppDatabase, options: SeedOptions): Promise<boolean> {
  if (!isDatabaseEmpty(database.db)) return false;
  const now = options.now ?? new Date();
  const today = calendarDay(now, options.timezone);
  await mkdir(options.uploadsDir, { recursive: true });
  const image = (file: string) => copySeedImage(options.uploadsDir, file);

  const [adminHash, customerHash, reviewerHash, receptionHash, specialistHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_CUSTOMER.password),
    // Reviewers are not meant to log in: their password is random and never shown.
    hashPassword(randomBytes(24).toString('hex')),
    hashPassword(DEMO_RECEPTION.password),
    hashPassword(DEMO_SPECIALIST.password),
  ]);

  const adminId = newId(now);
  const admin = {
    id: adminId,
    fullName: DEMO_ADMIN.fullName,
    email: DEMO_ADMIN.email,
    phone: CONTACT.phone,
    secondaryPhone: CONTACT.secondaryPhone,
    address: CONTACT.address,
    latitude: CONTACT.latitude,
    longitude: CONTACT.longitude,
    avatarUrl: await image('avatar-admin.jpg'),
    passwordHash: adminHash,
  };
  const customer = {
    id: newId(now),
    fullName: DEMO_CUSTOMER.fullName,
    email: DEMO_CUSTOMER.email,
    phone: '9000000001',
    avatarUrl: await image('avatar-customer.jpg'),
    passwordHash: customerHash,
  };
  const reviewerRows = await Promise.all(
    REVIEWERS.map(async (r) => ({
      id: newId(now),
      fullName: r.fullName,
      email: r.email,
      phone: r.phone,
      avatarUrl: await image(`avatar-${r.key}.jpg`),
      passwordHash: reviewerHash,
      key: r.key,
    })),
  );

  // createdAt one second apart keeps the lists in the order written here.
  const at = (index: number) => new Date(now.getTime() - (1000 - index) * 1000);
  const serviceRows = await Promise.all(
    SERVICES.map(async (s, index) => ({
      key: s.key,
      id: newId(now),
      name: s.name,
      category: s.category,
      price: s.price,
      durationMinutes: s.duration,
      processingMinutes: s.processing ?? 0,
      description: s.description,
      imageUrl: await image(`service-${s.key}.jpg`),
      createdAt: at(index),
    })),
  );
  const serviceByKey = new Map(serviceRows.map((s) => [s.key, s]));
  const serviceOf = (key: string) => {
    const row = serviceByKey.get(key);
    if (!row) throw new Error(`seed: unknown service ${key}`);
    return row;
  };

  const specialistRows = await Promise.all(
    SPECIALISTS.map(async (s, index) => ({
      spec: s,
      row: {
        id: newId(now),
        name: s.name,
        phone: s.phone,
        email: s.email,
        availableFrom: s.from,
        availableTo: s.to,
        imageUrl: await image(`specialist-${s.key}.jpg`),
        createdAt: at(index),
      },
    })),
  );

  const discountRows = [
    {
      id: newId(now),
      title: 'Autumn Glow',
      percentage: 20,
      description: 'Twenty percent off every make up and cosmetology service this season.',
      validFrom: addCalendarDays(today, -7),
      validTill: addCalendarDays(today, 30),
      imageUrl: await image('discount-autumn.jpg'),
      createdAt: at(0),
      categories: ['Make up', 'cosmetology'] as ServiceCategory[],
    },
    {
      id: newId(now),
      title: 'SPA Week',
      percentage: 15,
      description: 'A week of calm: fifteen percent off all SPA procedures.',
      validFrom: addCalendarDays(today, 10),
      validTill: addCalendarDays(today, 17),
      imageUrl: await image('discount-spa.jpg'),
      createdAt: at(1),
      categories: ['SPA procedures'] as ServiceCategory[],
    },
  ];

  // A few bookings of the demo customer, so the back office is not empty on first look.
  const [anna, maya, , leila] = specialistRows;
  const clarasBookings = [
    {
      specialist: anna,
      service: 'evening-makeup',
      day: addCalendarDays(today, -6),
      time: '11:00',
      status: 'completed' as const,
    },
    {
      specialist: maya,
      service: 'classic-manicure',
      day: addCalendarDays(today, -2),
      time: '14:00',
      status: 'completed' as const,
    },
    {
      specialist: leila,
      service: 'hot-stone-massage',
      day: addCalendarDays(today, 3),
      time: '12:00',
      status: 'confirmed' as const,
    },
    {
      specialist: maya,
      service: 'gel-pedicure',
      day: addCalendarDays(today, 5),
      time: '10:30',
      status: 'pending' as const,
    },
  ].map((booking) => ({ ...booking, by: customer }));
  // Today's book, so the calendar opens on a working day: other customers with the three
  // specialists other than Maya, on the days they work, confirmed; what has already begun is
  // completed. (Clara's gel pedicure stays the demo's one pending booking.)
  const sofia = specialistRows[2];
  const todays = [
    { specialist: anna, service: 'evening-makeup', time: '10:00', status: 'confirmed' as const, by: 'priya' },
    { specialist: sofia, service: 'facial-cleansing', time: '11:00', status: 'confirmed' as const, by: 'emma' },
    { specialist: leila, service: 'aroma-spa', time: '12:00', status: 'confirmed' as const, by: 'olivia' },
    { specialist: anna, service: 'haircut-styling', time: '15:00', status: 'confirmed' as const, by: 'noah' },
    { specialist: sofia, service: 'chemical-peel', time: '15:30', status: 'confirmed' as const, by: 'priya' },
    { specialist: leila, service: 'hot-stone-massage', time: '17:00', status: 'confirmed' as const, by: 'emma' },
  ]
    .filter(({ specialist }) => specialist?.spec.days.includes(weekdayOf(today)))
    .map(({ by, time, status, ...rest }) => {
      const reviewer = reviewerRows.find((r) => r.key === by);
      if (!reviewer) throw new Error(`seed: unknown customer ${by}`);
      const begun = instantAt(today, time, options.timezone).getTime() <= now.getTime();
      return { ...rest, day: today, time, status: begun ? ('completed' as const) : status, by: reviewer };
    });
  // Clara's next visit: colour with Leila (a senior, at her own price), then while nothing is left
  // to develop a cut with Anna, on the first day from four days ahead that both work.
  const visitDay = [4, 5, 6, 7, 8, 9, 10]
    .map((ahead) => addCalendarDays(today, ahead))
    .find((day) => [anna, leila].every((specialist) => specialist?.spec.days.includes(weekdayOf(day))));
  if (!visitDay) throw new Error('seed: no day for the demo visit');
  const visitId = newId(now);
  const colour = serviceOf('hair-colouring');
  const clarasVisit = [
    { specialist: leila, service: 'hair-colouring', time: '10:00', own: LEILAS_COLOUR },
    // 60 minutes of colour and 40 of processing: the cut follows at 11:40.
    { specialist: anna, service: 'haircut-styling', time: '11:40', own: undefined },
  ].map((item) => ({ ...item, day: visitDay, status: 'confirmed' as const, by: customer, visitId }));
  if (colour.processingMinutes !== 40) throw new Error('seed: the demo visit expects 40 minutes of processing');
  const everyBooking = [
    ...[...clarasBookings, ...todays].map((booking) => ({ ...booking, visitId: null, own: undefined })),
    ...clarasVisit,
  ];
  const demoBookings = everyBooking.map(
    ({ specialist, service, day, time, status, by, visitId: visit, own }, index) => {
      if (!specialist) throw new Error('seed: missing specialist');
      const listed = serviceOf(service);
      const booked = {
        ...listed,
        price: own?.price ?? listed.price,
        durationMinutes: own?.duration ?? listed.durationMinutes,
      };
      const startsAt = instantAt(day, time, options.timezone);
      // Priced as a booking made through the site would be: less the discount of its day.
      const discount = discountOn(
        discountRows.map((row) => ({ ...row, category: row.categories })),
        booked.category,
        day,
      );
      return {
        id: newId(now),
        userId: by.id,
        serviceId: booked.id,
        specialistId: specialist.row.id,
        ...splitFullName(by.fullName),
        email: by.email,
        phone: by.phone,
        serviceName: booked.name,
        servicePrice: booked.price,
        price: priceAfterDiscount(booked.price, discount?.percentage),
        discountPercentage: discount?.percentage ?? null,
        durationMinutes: booked.durationMinutes,
        specialistName: specialist.row.name,
        bookingDate: day,
        timeSlot: time,
        startsAt,
        endsAt: new Date(startsAt.getTime() + booked.durationMinutes * 60_000),
        visitId: visit,
        processingMinutes: booked.processingMinutes,
        status,
        createdAt: at(index),
      };
    },
  );

  const reviewerByKey = new Map(reviewerRows.map((r) => [r.key, r]));
  const reviewRows = REVIEWS.map((r, index) => {
    const user = reviewerByKey.get(r.by);
    if (!user) throw new Error(`seed: unknown reviewer ${r.by}`);
    return {
      id: newId(now),
      userId: user.id,
      serviceId: serviceOf(r.service).id,
      rating: r.rating,
      comment: r.comment,
      status: r.approved ? ('Approved' as const) : ('Pending' as const),
      createdAt: at(index),
    };
  });

  return database.db.transaction(
    (tx) => {
      // Checked again inside the write transaction: two processes starting at once seed once.
      if (!isDatabaseEmpty(tx)) return false;
      tx.insert(admins)
        .values([
          admin,
          {
            id: newId(now),
            fullName: DEMO_RECEPTION.fullName,
            email: DEMO_RECEPTION.email,
            passwordHash: receptionHash,
            role: 'reception' as const,
          },
        ])
        .run();
      tx.insert(users)
        .values([customer, ...reviewerRows.map(({ key: _key, ...row }) => row)])
        .run();
      tx.insert(services)
        .values(serviceRows.map(({ key: _key, ...row }) => row))
        .run();
      tx.insert(specialists)
        .values(specialistRows.map((s) => s.row))
        .run();
      // Leila's own back-office account, once she exists.
      const leilasRow = specialistRows.find((s) => s.spec.key === 'leila');
      tx.insert(admins)
        .values({
          id: newId(now),
          fullName: DEMO_SPECIALIST.fullName,
          email: DEMO_SPECIALIST.email,
          passwordHash: specialistHash,
          role: 'specialist',
          specialistId: leilasRow?.row.id ?? null,
        })
        .run();
      tx.insert(specialistDays)
        .values(specialistRows.flatMap((s) => s.spec.days.map((day) => ({ specialistId: s.row.id, day }))))
        .run();
      tx.insert(specialistServices)
        .values(
          specialistRows.flatMap((s) =>
            s.spec.expertise.map((key) => {
              const own = s.spec.key === 'leila' && key === 'hair-colouring' ? LEILAS_COLOUR : undefined;
              return {
                specialistId: s.row.id,
                serviceId: serviceOf(key).id,
                priceCents: own ? Math.round(own.price * 100) : null,
                durationMinutes: own?.duration ?? null,
              };
            }),
          ),
        )
        .run();
      tx.insert(discounts)
        .values(discountRows.map(({ categories: _c, ...row }) => row))
        .run();
      tx.insert(discountCategories)
        .values(discountRows.flatMap((d) => d.categories.map((category) => ({ discountId: d.id, category }))))
        .run();
      tx.insert(bookings).values(demoBookings).run();
      // Sofia takes a lunch break on weekdays; Leila is on a training course for a day next week.
      const sofiaRow = sofia?.row;
      const leilaRow = leila?.row;
      if (!sofiaRow || !leilaRow) throw new Error('seed: missing specialist');
      tx.insert(specialistSchedules)
        .values(
          (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const).map((day) => ({
            specialistId: sofiaRow.id,
            day,
            ranges: [
              { from: '10:00', to: '13:30' },
              { from: '14:30', to: '19:00' },
            ],
          })),
        )
        .run();
      const trainingDay = addCalendarDays(today, 8);
      tx.insert(timeOff)
        .values({
          id: newId(now),
          specialistId: leilaRow.id,
          startsLocal: `${trainingDay}T10:00`,
          endsLocal: `${trainingDay}T20:00`,
          startsAt: instantAt(trainingDay, '10:00', options.timezone),
          endsAt: instantAt(trainingDay, '20:00', options.timezone),
          reason: 'Training course',
        })
        .run();
      tx.insert(reviews).values(reviewRows).run();
      tx.insert(salonContact)
        .values({ id: 1, ...CONTACT })
        .run();
      tx.insert(openingHours).values(DEMO_OPENING_HOURS).run();
      return true;
    },
    { behavior: 'immediate' },
  );
}
