// Helpers for the booking tests: working days ahead, more customers, bookings written directly.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { BookingStatus, Weekday } from '@/shared/constants';
import { hashPassword } from '@/server/auth/passwords';
import type { DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { bookings, services, specialists, users } from '@/server/db/schema';
import { addCalendarDays, instantAt, todayIn } from '@/server/domain/calendar';
import { weekdayOf } from '@/server/domain/slots';
import { TestClient } from './http';
import { eq } from 'drizzle-orm';

/**
 * The first day, `offset` days or more after today in the salon's zone, that falls on one of
 * `days` (the demo specialists work Monday to Saturday).
 */
export function futureWorkday(
  timeZone: string,
  offset: number,
  days: readonly Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
): string {
  let day = addCalendarDays(todayIn(timeZone), offset);
  while (!days.includes(weekdayOf(day))) day = addCalendarDays(day, 1);
  return day;
}

let customers = 0;

export interface TestCustomer {
  client: TestClient;
  id: string;
  email: string;
  fullName: string;
  phone: string;
}

/** A customer account written straight into the database, then logged in over HTTP. */
export async function createCustomer(app: FastifyInstance, db: DbOrTx, fullName = 'Bea Booker'): Promise<TestCustomer> {
  const number = ++customers;
  const email = `booker${number}-${Date.now()}@example.test`;
  const phone = `98765${String(number).padStart(5, '0')}`;
  const password = 'booking-pass';
  const id = newId();
  db.insert(users)
    .values({ id, fullName, email, phone, passwordHash: await hashPassword(password) })
    .run();
  // A person of their own, from an address of their own: logins sent at once from one address
  // count against its limit while they are checked (auth/rate-limit.ts).
  const client = new TestClient(app, {
    'x-forwarded-for': `10.${String(Math.floor(number / 250) % 250)}.${String(number % 250)}.7`,
  });
  const login = await client.rest('POST', '/users/login', { email, password });
  expect(login.status, login.body.message).toBe(200);
  return { client, id, email, fullName, phone };
}

export const idOfService = (db: DbOrTx, name: string): string => {
  const row = db.select({ id: services.id }).from(services).where(eq(services.name, name)).get();
  if (!row) throw new Error(`no service ${name}`);
  return row.id;
};

export const idOfSpecialist = (db: DbOrTx, name: string): string => {
  const row = db.select({ id: specialists.id }).from(specialists).where(eq(specialists.name, name)).get();
  if (!row) throw new Error(`no specialist ${name}`);
  return row.id;
};

export interface BookingRowInput {
  userId: string;
  serviceId: string;
  specialistId: string;
  day: string;
  time: string;
  timeZone: string;
  firstName?: string;
  lastName?: string;
  serviceName?: string;
  status?: BookingStatus;
  createdAt?: Date;
  durationMinutes?: number;
  /** The price as booked (default 25, the list price). */
  price?: number;
}

/** A booking written straight into the database (for the back office's lists). */
export function bookingRow(input: BookingRowInput): typeof bookings.$inferInsert {
  const startsAt = instantAt(input.day, input.time, input.timeZone);
  const duration = input.durationMinutes ?? 30;
  return {
    id: newId(input.createdAt),
    userId: input.userId,
    serviceId: input.serviceId,
    specialistId: input.specialistId,
    firstName: input.firstName ?? 'Test',
    lastName: input.lastName ?? 'Customer',
    email: 'row@example.test',
    phone: '9000000000',
    serviceName: input.serviceName ?? 'Classic Manicure',
    servicePrice: 25,
    price: input.price ?? 25,
    durationMinutes: duration,
    specialistName: 'Maya Chen',
    bookingDate: input.day,
    timeSlot: input.time,
    startsAt,
    endsAt: new Date(startsAt.getTime() + duration * 60_000),
    status: input.status ?? 'pending',
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  };
}
