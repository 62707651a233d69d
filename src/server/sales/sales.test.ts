// The till over HTTP (README "The till"): a hand-built day of sales adds up to the cent in the
// report, the cash-up and the vouchers' balances; simultaneous checkouts never spend one voucher
// past its balance nor pay one visit twice; refunds never exceed what was paid; bad input is
// refused in words and writes nothing; each role does only its part. Real HTTP through Fastify,
// a real SQLite file, a real SMTP server.
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HOURS, SALON_NAME } from '@/shared/constants';
import { formatCents } from '@/shared/money';
import type { AdminBooking } from '@/shared/schemas/bookings';
import type { Calendar } from '@/shared/schemas/calendar';
import type { SalonReport } from '@/shared/schemas/reports';
import type { CashUp, Sale, VoucherDetails } from '@/shared/schemas/sales';
import { KEY_USED_FOR_ANOTHER_REQUEST } from '@/shared/schemas/fields';
import type { Visit } from '@/shared/schemas/visits';
import { formatDay } from '@/shared/time-format';
import { bookings, idempotentWrites, messages, sales, vouchers } from '@/server/db/schema';
import { addCalendarDays, todayIn } from '@/server/domain/calendar';
import { addMonths } from '@/server/domain/sales';
import { DEMO_RECEPTION, DEMO_SPECIALIST } from '@/server/setup/seed';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday, idOfSpecialist } from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';

describe('the till', () => {
  let app: FastifyInstance;
  let admin: TestClient;
  let zone: string;
  const salon = useTestApp({ smtp: true, admin: true });
  const db = () => salon.db;
  beforeAll(() => {
    ({ app, admin } = salon);
    zone = salon.config.timezone;
  });

  async function signIn(email: string, password: string): Promise<TestClient> {
    const client = new TestClient(app);
    const login = await client.rest('POST', '/admin/login', { email, password });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return client;
  }

  let offset = 9;
  let phones = 0;
  /** A visit booked by the salon on a day of its own (Maya and Leila work Tuesday to Friday). */
  async function bookVisit(items: { service: string; specialist: string }[], who = 'Cora Client'): Promise<Visit> {
    const day = futureWorkday(zone, (offset += 7), ['Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    const [firstName = '', lastName = ''] = who.split(' ');
    const answer = await admin.rest<Visit>('POST', '/admin/visits', {
      firstName,
      lastName,
      phone: `90000${String(++phones).padStart(5, '0')}`,
      email: `${firstName.toLowerCase()}${String(phones)}@example.test`,
      bookingDate: day,
      timeSlot: '10:00',
      items,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  }

  const sell = (body: unknown, by: TestClient = admin) => by.rest<Sale>('POST', '/admin/sales', body);
  const voucher = async (value: number, extra: Record<string, unknown> = {}) => {
    const answer = await admin.rest<VoucherDetails>('POST', '/admin/vouchers', { value, ...extra });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  };
  const report = async (from: string, to: string) => {
    const answer = await admin.rest<SalonReport>('GET', `/admin/reports?from=${from}&to=${to}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const cents = (dollars: number) => Math.round(dollars * 100);

  it('adds a hand-built day up to the cent: takings by method, tips per specialist, vouchers, refunds and the cash-up', async () => {
    const today = todayIn(zone);
    const until = addCalendarDays(today, 120);
    const before = await report(today, until);

    // A $50 gift voucher, sold by card and mailed to its recipient.
    const gift = await voucher(50, {
      buyerName: 'Ann Giver',
      recipientName: 'Cora Client',
      email: 'cora-gift@example.test',
    });
    expect(gift).toMatchObject({ value: 50, balance: 50, status: 'active' });
    expect(gift.code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    const giftMail = await salon.smtp.waitForMail('cora-gift@example.test');
    expect(giftMail.text).toContain(gift.code);

    // A visit of two specialists: both prices changed (with reasons), a product added, 10% off,
    // a $10 tip split $6 and $4, paid $30 by the voucher and the rest in cash.
    const visit = await bookVisit([
      { service: 'Classic Manicure', specialist: 'Maya Chen' },
      { service: 'Hair Colouring', specialist: 'Leila Haddad' },
    ]);
    const [manicure, colour] = visit.items;
    if (!manicure || !colour) throw new Error('a visit of two items');
    const maya = manicure.specialist._id;
    const leila = colour.specialist._id;
    const first = await sell({
      visitId: visit._id,
      items: [
        { booking: manicure._id, price: 30, reason: 'Nail art added' },
        { booking: colour._id, price: 40, reason: 'Fringe trim only' },
        { description: 'Argan shampoo', price: 12.5 },
      ],
      discount: { percent: 10, reason: 'Regular' },
      tips: [
        { specialistId: maya, amount: 6 },
        { specialistId: leila, amount: 4 },
      ],
      payments: [
        { method: 'voucher', amount: 30, code: gift.code.toLowerCase().replaceAll('-', ' ') },
        { method: 'cash', amount: 54.25 },
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      kind: 'visit',
      visitId: visit._id,
      subtotal: 82.5,
      discount: { amount: 8.25, percent: 10, reason: 'Regular' },
      total: 74.25,
      paid: 84.25,
      takenBy: { name: expect.any(String) as string },
      customer: { name: 'Cora Client' },
    });
    expect(first.body.data.items.map((item) => [item.description, item.bookedPrice, item.price])).toEqual([
      ['Classic Manicure', manicure.price, 30],
      ['Hair Colouring', colour.price, 40],
      ['Argan shampoo', null, 12.5],
    ]);
    // The visit is done.
    const statuses = db()
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.visitId, visit._id))
      .all();
    expect(statuses.map((row) => row.status)).toEqual(['completed', 'completed']);

    // A visit of one service, paid by card as booked.
    const second = await bookVisit([{ service: 'Gel Pedicure', specialist: 'any' }], 'Dora Client');
    const paidSecond = await sell({ visitId: second._id, payments: [{ method: 'card', amount: second.price }] });
    expect(paidSecond.status, JSON.stringify(paidSecond.body)).toBe(201);

    // A walk-in buys nail polish in cash; $3 of it is given back.
    const walkIn = await sell({
      items: [{ description: 'Nail polish', price: 8 }],
      payments: [{ method: 'cash', amount: 8 }],
      customerName: '＝HYPERLINK("http://evil.test")',
    });
    expect(walkIn.status, JSON.stringify(walkIn.body)).toBe(201);
    expect(walkIn.body.data).toMatchObject({
      kind: 'walk-in',
      total: 8,
      customer: { name: '＝HYPERLINK("http://evil.test")', email: null },
    });
    const refund = await admin.rest<Sale>('POST', `/admin/sales/${walkIn.body.data._id}/refunds`, {
      amount: 3,
      method: 'cash',
      reason: 'Chipped bottle',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(refund.body.data).toMatchObject({
      refunded: 3,
      refunds: [{ amount: 3, method: 'cash', reason: 'Chipped bottle' }],
    });

    // The voucher has $20 left, and its history says where the rest went.
    const giftNow = await admin.rest<VoucherDetails>('GET', `/admin/vouchers/${gift.code}`);
    expect(giftNow.body.data).toMatchObject({ balance: 20, status: 'active' });
    expect(giftNow.body.data.history.map((line) => [line.event, line.amount, line.saleNumber])).toEqual([
      ['sold', 50, expect.any(Number)],
      ['redeemed', -30, first.body.data.number],
    ]);

    // The report, against what it said before the day's sales.
    const after = await report(today, until);
    const delta = (pick: (report: SalonReport) => number) => (cents(pick(after)) - cents(pick(before))) / 100;
    expect(delta((r) => r.takingsByMethod.cash)).toBe(62.25);
    expect(delta((r) => r.takingsByMethod.card)).toBe(50 + second.price);
    expect(delta((r) => r.takingsByMethod.voucher)).toBe(30);
    expect(delta((r) => r.takingsByMethod.other)).toBe(0);
    // Money in: cash, card and other; the $30 spent from the voucher came in when it was sold.
    expect(delta((r) => r.takingsByMethod.total)).toBe(112.25 + second.price);
    // Takings are what was paid for services and goods: the first visit's total, the second's, the polish.
    expect(delta((r) => r.takings)).toBe(74.25 + second.price + 8);
    const takingsOf = (r: SalonReport, id: string) =>
      r.bySpecialist.find((row) => row.specialist._id === id)?.takings ?? 0;
    expect(cents(takingsOf(after, maya)) - cents(takingsOf(before, maya))).toBe(
      2700 + (second.items[0]?.specialist._id === maya ? cents(second.price) : 0),
    );
    expect(cents(takingsOf(after, leila)) - cents(takingsOf(before, leila))).toBe(3600);
    expect(after.tips.bySpecialist.map((row) => [row.specialist.name, row.amount])).toEqual([
      ['Leila Haddad', 4],
      ['Maya Chen', 6],
    ]);
    expect(after.discounts).toEqual({ total: 8.25, count: 1 });
    expect(after.vouchers).toEqual({ sold: 50, soldCount: 1, redeemed: 30, outstanding: 20 });
    expect(after.refunds).toEqual({ total: 3, count: 1, byMethod: { cash: 3, card: 0, voucher: 0, other: 0 } });

    // The day's cash-up: a $100 float, plus $62.25 taken, less $3 given back; 25 cents short.
    const counted = await admin.rest<CashUp>('POST', '/admin/cash-ups', {
      date: today,
      float: 100,
      counted: 159,
      note: 'Till 1',
    });
    expect(counted.status, JSON.stringify(counted.body)).toBe(201);
    expect(counted.body.data).toMatchObject({
      date: today,
      float: 100,
      expected: 159.25,
      counted: 159,
      difference: -0.25,
    });
    const history = await admin.rest<CashUp[]>('GET', `/admin/cash-ups?from=${today}&to=${today}`);
    expect(history.body.data.map((row) => row.difference)).toEqual([-0.25]);
    // In the accountant's CSV a shortfall is a number, and a name a spreadsheet would run is not.
    const csv = await admin.request('GET', `/api/v1/admin/reports/cash-ups.csv?from=${today}&to=${today}`);
    expect(csv.body.split('\r\n')[1]).toBe(`${today},100.00,159.25,159.00,-0.25,Till 1,Salon Admin`);
    const salesCsv = await admin.request('GET', `/api/v1/admin/reports/sales.csv?from=${today}&to=${today}`);
    expect(salesCsv.body).toContain(`,walk-in,"'＝HYPERLINK(""http://evil.test"")",Nail polish,8.00,`);

    // The receipt by e-mail, through the outbox, with the same rows as the printed one.
    const mailed = await admin.rest<{ sentTo: string }>('POST', `/admin/sales/${first.body.data._id}/receipt`, {});
    expect(mailed.status, JSON.stringify(mailed.body)).toBe(200);
    let receipt = await salon.smtp.waitForMail(mailed.body.data.sentTo);
    // The booking's own mails came first.
    while (!receipt.subject?.startsWith('Your receipt'))
      receipt = await salon.smtp.waitForMail(mailed.body.data.sentTo);
    expect(receipt.subject).toBe(`Your receipt from ${SALON_NAME} (no. ${String(first.body.data.number)})`);
    for (const line of [
      'Argan shampoo',
      '-$8.25',
      '$74.25',
      'Tip for Maya Chen',
      '$6.00',
      `gift voucher ••••-••••-${gift.code.slice(-4)}`,
      '$54.25',
    ]) {
      expect(receipt.text).toContain(line);
    }
    // Sent again, to a mistyped address's fix, but not without end: six at once after the first,
    // four go out (five in the hour) and two are refused, with nothing queued for them.
    const receiptsQueued = () =>
      db().select({ id: messages.id }).from(messages).where(eq(messages.kind, 'receipt')).all().length;
    const queuedBefore = receiptsQueued();
    const again = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        admin.rest('POST', `/admin/sales/${first.body.data._id}/receipt`, { email: `client${String(i)}@example.test` }),
      ),
    );
    expect(again.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 429, 429]);
    expect(JSON.stringify(again.find((answer) => answer.status === 429)?.body)).toContain(
      'This receipt was mailed 5 times in the last hour. Please try again in 60 minutes.',
    );
    expect(receiptsQueued()).toBe(queuedBefore + 4);

    // Leila sees her own tips and nobody else's.
    const leilaClient = await signIn(DEMO_SPECIALIST.email, DEMO_SPECIALIST.password);
    const own = await leilaClient.rest<{ total: number }>('GET', `/admin/tips?from=${today}&to=${today}`);
    expect(own.body.data.total).toBe(4);
    const others = await leilaClient.rest('GET', `/admin/tips?from=${today}&to=${today}&specialistId=${maya}`);
    expect(others.status).toBe(403);
  });

  it('never spends one voucher past its balance: 20 simultaneous checkouts of $20 on a $50 voucher, two go through', async () => {
    const gift = await voucher(50);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        sell({
          items: [{ description: 'Hand cream', price: 20 }],
          payments: [{ method: 'voucher', amount: 20, code: gift.code }],
        }),
      ),
    );
    const through = answers.filter((answer) => answer.status === 201);
    expect(through).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.message)).toEqual(
      Array.from({ length: 18 }, () => 'This voucher has only $10 left.'),
    );
    const row = db().select().from(vouchers).where(eq(vouchers.id, gift._id)).get();
    expect(row?.balanceCents).toBe(1000);
  });

  it('pays a visit once, however many desks check it out at once', async () => {
    const visit = await bookVisit([{ service: 'Classic Manicure', specialist: 'Maya Chen' }], 'Fay Twice');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        sell({ visitId: visit._id, payments: [{ method: 'card', amount: visit.price }] }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0]?.body.message).toMatch(/^This visit is paid already/);
    expect(db().select().from(sales).where(eq(sales.visitId, visit._id)).all()).toHaveLength(1);
    // Paid, it stays completed and on record: the takings count it. The appointments list and the
    // calendar show which sale paid it, so the desk opens its receipt rather than a second checkout.
    const paid = answers.find((answer) => answer.status === 201)?.body.data;
    const number = paid?.number ?? 0;
    const listed = await admin.rest<AdminBooking[]>('GET', `/admin/bookings?search=${encodeURIComponent('Fay Twice')}`);
    expect(listed.body.data.map((booking) => booking.sale)).toEqual([{ _id: paid?._id, number }]);
    const day = visit.bookingDate;
    const calendar = await admin.rest<Calendar>('GET', `/admin/calendar?from=${day}&to=${day}`);
    const shown = calendar.body.data.bookings.filter((booking) => booking.visitId === visit._id);
    expect(shown.map((booking) => booking.sale?.number)).toEqual([number]);
    const unpaid = await bookVisit([{ service: 'Classic Manicure', specialist: 'Maya Chen' }], 'Una Paid');
    const open = await admin.rest<AdminBooking[]>('GET', `/admin/bookings?search=${encodeURIComponent('Una Paid')}`);
    expect(open.body.data.map((booking) => booking.sale)).toEqual([null]);
    expect(unpaid.items).toHaveLength(1);
    const stays = `This booking is paid (receipt ${String(number)}), so it stays completed and on record. A refund gives money back.`;
    const reopened = await admin.rest('PATCH', `/admin/visits/${visit._id}/status`, { status: 'cancelled' });
    expect([reopened.status, reopened.body.message]).toEqual([409, stays]);
    const deleted = await admin.rest('DELETE', `/admin/bookings/${visit.items[0]?._id ?? ''}`);
    expect([deleted.status, deleted.body.message]).toEqual([409, stays]);
    expect(
      db()
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, visit.items[0]?._id ?? ''))
        .get()?.status,
    ).toBe('completed');
  });

  it('keeps a service its visit was paid without out of the visit: it is booked again to be done', async () => {
    const visit = await bookVisit(
      [
        { service: 'Classic Manicure', specialist: 'Maya Chen' },
        { service: 'Hair Colouring', specialist: 'Leila Haddad' },
      ],
      'Liv Later',
    );
    const [manicure, colour] = visit.items;
    if (!manicure || !colour) throw new Error('a visit of two items');
    const status = (id: string) =>
      db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)).get()?.status;
    // The colour is called off on the day; the manicure is paid.
    expect((await admin.rest('PATCH', `/admin/bookings/${colour._id}/status`, { status: 'cancelled' })).status).toBe(
      200,
    );
    const paid = await sell({ visitId: visit._id, payments: [{ method: 'card', amount: manicure.price }] });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.items.map((item) => item.description)).toEqual(['Classic Manicure']);
    const stays = `This visit was paid without Hair Colouring (receipt ${String(paid.body.data.number)}), so it stays as it is. Book it again to do it.`;
    for (const again of ['confirmed', 'pending', 'completed']) {
      const answer = await admin.rest('PATCH', `/admin/bookings/${colour._id}/status`, { status: again });
      expect([answer.status, answer.body.message]).toEqual([409, stays]);
    }
    const whole = await admin.rest('PATCH', `/admin/visits/${visit._id}/status`, { status: 'completed' });
    expect([whole.status, whole.body.message]).toEqual([409, stays]);
    expect([status(manicure._id), status(colour._id)]).toEqual(['completed', 'cancelled']);
  });

  it('takes a sale, a voucher or a refund once when the same request comes again with its idempotency key', async () => {
    const count = () => db().select({ id: sales.id }).from(sales).all().length;
    const before = count();
    // A lost answer retried, or a second click: six at once with one key give one sale.
    const walkIn = {
      items: [{ description: 'Argan oil', price: 24.5 }],
      payments: [{ method: 'cash', amount: 24.5 }],
      customerName: 'Ida Twice',
      idempotencyKey: 'till-1-sale-0001',
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => sell(walkIn)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const first = answers[0]?.body.data;
    expect(new Set(answers.map((answer) => answer.body.data.number))).toEqual(new Set([first?.number]));
    expect(count()).toBe(before + 1);
    // The same key with another request is refused, and writes nothing.
    const changed = await sell({ ...walkIn, payments: [{ method: 'card', amount: 24.5 }] });
    expect([changed.status, changed.body.message]).toEqual([409, KEY_USED_FOR_ANOTHER_REQUEST]);
    const asVoucher = await admin.rest('POST', '/admin/vouchers', { value: 20, idempotencyKey: walkIn.idempotencyKey });
    expect(asVoucher.status).toBe(409);
    // Nor does another account's request with the key get the first one's sale.
    const reception = await signIn(DEMO_RECEPTION.email, DEMO_RECEPTION.password);
    const theirs = await sell(walkIn, reception);
    expect([theirs.status, theirs.body.message]).toEqual([409, KEY_USED_FOR_ANOTHER_REQUEST]);
    expect(count()).toBe(before + 1);
    // The same request with a new key is a new sale: two bottles sold one after the other.
    expect((await sell({ ...walkIn, idempotencyKey: 'till-1-sale-0002' })).status).toBe(201);
    expect(count()).toBe(before + 2);
    // Without a key, each request is a sale of its own, as before.
    const { idempotencyKey: _key, ...unkeyed } = walkIn;
    expect((await sell(unkeyed)).status).toBe(201);
    expect(count()).toBe(before + 3);
    // A key is remembered for a day: sent again later, the request is a sale of its own.
    db()
      .update(idempotentWrites)
      .set({ createdAt: new Date(Date.now() - (IDEMPOTENCY_KEY_HOURS + 1) * 3_600_000) })
      .where(inArray(idempotentWrites.key, [walkIn.idempotencyKey, 'till-1-sale-0002']))
      .run();
    const later = await sell(walkIn);
    expect(later.status).toBe(201);
    expect(later.body.data.number).toBeGreaterThan(first?.number ?? 0);
    // and the keys older than that are let go.
    const kept = db().select({ key: idempotentWrites.key }).from(idempotentWrites).all();
    expect(kept.map((row) => row.key)).toEqual([walkIn.idempotencyKey]);
    expect(count()).toBe(before + 4);

    // A gift voucher sent five times at once with one key: one voucher, one mail to its recipient.
    const giftMails = () =>
      db().select({ id: messages.id }).from(messages).where(eq(messages.recipient, 'ida-gift@example.test')).all()
        .length;
    const gifts = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin.rest<VoucherDetails>('POST', '/admin/vouchers', {
          value: 35,
          email: 'ida-gift@example.test',
          expiresOn: '',
          idempotencyKey: 'till-1-voucher-0001',
        }),
      ),
    );
    expect(gifts.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(gifts.map((answer) => answer.body.data.code)).size).toBe(1);
    expect(db().select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.valueCents, 3500)).all()).toHaveLength(1);
    expect(giftMails()).toBe(1);
    // A blank expiry is the default one, in the mail too.
    const expiresOn = addMonths(todayIn(zone), 12);
    expect(gifts[0]?.body.data.expiresOn).toBe(expiresOn);
    expect((await salon.smtp.waitForMail('ida-gift@example.test')).text).toContain(formatDay(expiresOn));

    // A refund sent five times at once with one key gives the money back once.
    const sale = first?._id ?? '';
    const refunds = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin.rest<Sale>('POST', `/admin/sales/${sale}/refunds`, {
          amount: 5,
          method: 'cash',
          reason: 'Leaking cap',
          idempotencyKey: 'till-1-refund-0001',
        }),
      ),
    );
    expect(refunds.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(refunds.map((answer) => answer.body.data.refunded)).toEqual([5, 5, 5, 5, 5]);
    const after = await admin.rest<Sale>('GET', `/admin/sales/${sale}`);
    expect(after.body.data.refunds).toHaveLength(1);

    // A key is letters, digits and a few signs, 8 to 100 of them.
    for (const idempotencyKey of ['short', 'has spaces in it', 'x'.repeat(101), 42]) {
      const bad = await sell({ ...walkIn, idempotencyKey });
      expect([bad.status, bad.body.errors]).toEqual([
        400,
        [
          {
            path: 'idempotencyKey',
            message: 'An idempotency key is 8 to 100 letters, digits, dashes, underscores, dots or colons',
          },
        ],
      ]);
    }
    expect(count()).toBe(before + 5);
  });

  it('never refunds more than was paid by a method, even when asked at once', async () => {
    const gift = await voucher(30);
    const sale = await sell({
      items: [{ description: 'Hair mask', price: 70 }],
      payments: [
        { method: 'card', amount: 40 },
        { method: 'cash', amount: 10 },
        { method: 'voucher', amount: 20, code: gift.code },
      ],
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const id = sale.body.data._id;
    const refundOf = (amount: number, method: string, by: TestClient = admin) =>
      by.rest<Sale>('POST', `/admin/sales/${id}/refunds`, { amount, method, reason: 'Allergic reaction' });

    const tooMuch = await refundOf(45, 'card');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors).toEqual([{ path: 'amount', message: 'At most $40 paid by card is left to refund.' }]);
    expect((await refundOf(5, 'other')).body.message).toBe('Nothing of this sale was paid by other.');
    // Ten refunds of $10 by card at once: four fit in the $40.
    const at = await Promise.all(Array.from({ length: 10 }, () => refundOf(10, 'card')));
    expect(at.filter((answer) => answer.status === 201)).toHaveLength(4);
    expect((await refundOf(0.01, 'card')).body.message).toBe('What was paid by card is refunded already.');
    // A refund to the voucher puts it back on the voucher.
    expect((await refundOf(15, 'voucher')).status).toBe(201);
    const giftNow = await admin.rest<VoucherDetails>('GET', `/admin/vouchers/${gift.code}`);
    expect(giftNow.body.data.balance).toBe(25);
    expect(giftNow.body.data.history.map((line) => line.event)).toEqual(['sold', 'redeemed', 'refunded']);
    // A void voucher would swallow money put back on it.
    await admin.rest('POST', `/admin/vouchers/${gift._id}/void`, { reason: 'Lost' });
    const onVoid = await refundOf(5, 'voucher');
    expect(onVoid.body.errors).toEqual([
      { path: 'method', message: 'The voucher it was paid with is void; refund by cash, card or other.' },
    ]);
    // Money back for a voucher itself comes off the voucher, and its history says so.
    const bought = await voucher(40);
    const back = await admin.rest<Sale>('POST', `/admin/sales/${bought.saleId}/refunds`, {
      amount: 15,
      method: 'card',
      reason: 'Bought the wrong value',
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    const boughtNow = await admin.rest<VoucherDetails>('GET', `/admin/vouchers/${bought.code}`);
    expect(boughtNow.body.data.balance).toBe(25);
    expect(boughtNow.body.data.history.map((line) => [line.event, line.amount])).toEqual([
      ['sold', 40],
      ['returned', -15],
    ]);
    // Reception takes payments but gives no money back.
    const reception = await signIn(DEMO_RECEPTION.email, DEMO_RECEPTION.password);
    expect((await refundOf(5, 'cash', reception)).status).toBe(403);
    const after = await admin.rest<Sale>('GET', `/admin/sales/${id}`);
    expect(after.body.data.refunded).toBe(55);
  });

  it('refuses bad input in words and writes nothing', async () => {
    const visit = await bookVisit([{ service: 'Classic Manicure', specialist: 'Maya Chen' }], 'Gil Wrong');
    const [item] = visit.items;
    if (!item) throw new Error('an item');
    const spent = await voucher(10);
    const other = await voucher(10);
    await admin.rest('POST', `/admin/vouchers/${other._id}/void`, { reason: 'Reported stolen' });
    db().update(vouchers).set({ expiresOn: '2020-01-01' }).where(eq(vouchers.id, spent._id)).run();
    const count = () => db().select().from(sales).all().length;
    const before = count();
    const cases: [unknown, { path: string; message: string }][] = [
      [
        { visitId: visit._id, payments: [{ method: 'cash', amount: 1 }] },
        {
          path: 'payments',
          message: `The total with tips is ${formatCents(cents(item.price))}; the payments come to $1, ${formatCents(cents(item.price) - 100)} short.`,
        },
      ],
      [
        { visitId: visit._id, items: [{ booking: item._id, price: 1 }], payments: [{ method: 'cash', amount: 1 }] },
        { path: 'items.0.reason', message: 'Say why the price changed' },
      ],
      [
        { items: [{ description: 'Comb', price: 5 }], discount: { amount: 6 }, payments: [] },
        { path: 'discount.amount', message: 'The discount is more than the items come to' },
      ],
      [
        {
          items: [{ description: 'Comb', price: 5 }],
          discount: { amount: 1, percent: 5 },
          payments: [{ method: 'cash', amount: 4 }],
        },
        { path: 'discount.amount', message: 'Give the discount as an amount or as a percent: one of the two' },
      ],
      [
        {
          visitId: visit._id,
          tips: [{ specialistId: idOfSpecialist(db(), 'Anna Petrova'), amount: 2 }],
          payments: [{ method: 'cash', amount: item.price + 2 }],
        },
        { path: 'tips.0.specialistId', message: 'A tip goes to a specialist of this sale' },
      ],
      [
        {
          items: [{ description: 'Comb', price: 5 }],
          payments: [{ method: 'voucher', amount: 5, code: 'AAAA-BBBB-CCCC' }],
        },
        { path: 'payments.0.code', message: 'No voucher has this code' },
      ],
      [
        { items: [{ description: 'Comb', price: 5 }], payments: [{ method: 'voucher', amount: 5, code: spent.code }] },
        { path: 'payments.0.code', message: 'This voucher expired on 01/01/2020.' },
      ],
      [
        { items: [{ description: 'Comb', price: 5 }], payments: [{ method: 'voucher', amount: 5, code: other.code }] },
        { path: 'payments.0.code', message: 'This voucher is void.' },
      ],
      [
        { items: [{ description: 'Comb', price: 5.001 }], payments: [{ method: 'cash', amount: 5 }] },
        { path: 'items.0.price', message: 'Price must be in whole cents' },
      ],
      [
        { items: [{ price: 5 }], payments: [{ method: 'cash', amount: 5 }] },
        { path: 'items.0.description', message: 'Choose a service or describe the item' },
      ],
      [
        { items: [], payments: [] },
        { path: 'items', message: 'Add at least one item' },
      ],
      [
        { items: [{ description: 'Comb', price: 5 }], payments: [{ method: 'voucher', amount: 5 }] },
        { path: 'payments.0.code', message: 'Enter the voucher code' },
      ],
    ];
    for (const [body, error] of cases) {
      const answer = await sell(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors, JSON.stringify(body)).toContainEqual(error);
    }
    expect(count()).toBe(before);
    expect(db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, item._id)).get()?.status).toBe(
      'confirmed',
    );
    // A cancelled visit has nothing to check out.
    await admin.rest('PATCH', `/admin/visits/${visit._id}/status`, { status: 'cancelled' });
    const cancelled = await sell({ visitId: visit._id, payments: [{ method: 'cash', amount: item.price }] });
    expect([cancelled.status, cancelled.body.message]).toEqual([
      409,
      'This visit is cancelled or a no-show; there is nothing to check out.',
    ]);
    // A voucher voided twice, and by reception.
    expect((await admin.rest('POST', `/admin/vouchers/${other._id}/void`, { reason: 'Again' })).status).toBe(409);
    const reception = await signIn(DEMO_RECEPTION.email, DEMO_RECEPTION.password);
    expect((await reception.rest('POST', `/admin/vouchers/${spent._id}/void`, { reason: 'Mine' })).status).toBe(403);
    expect((await reception.rest('GET', '/admin/cash-ups?from=2026-01-01&to=2026-01-31')).status).toBe(403);
    expect((await reception.rest('POST', '/admin/cash-ups', { date: todayIn(zone), counted: 10 })).status).toBe(201);
    expect(count()).toBe(before);
  });

  it('keeps a deleted customer’s sales as the salon’s accounts, without their name or address', async () => {
    const customer = await createCustomer(app, db(), 'Hana Leaving');
    const day = futureWorkday(zone, (offset += 7), ['Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    const booked = await customer.client.rest<Visit>('POST', '/users/visits', {
      firstName: 'Hana',
      lastName: 'Leaving',
      email: customer.email,
      phone: customer.phone,
      bookingDate: day,
      timeSlot: '10:00',
      items: [{ service: 'Classic Manicure', specialist: 'Maya Chen' }],
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const sale = await sell({
      visitId: booked.body.data._id,
      payments: [{ method: 'card', amount: booked.body.data.price }],
    });
    expect(sale.body.data.customer).toEqual({ name: 'Hana Leaving', email: customer.email });
    // Which sale paid it, and its receipt number, are the desk's: the customer's own list says neither.
    const own = await customer.client.rest<Record<string, unknown>[]>('GET', '/users/appointment');
    expect(own.body.data).toHaveLength(1);
    expect(own.body.data[0]).not.toHaveProperty('sale');
    const desk = await admin.rest<AdminBooking[]>(
      'GET',
      `/admin/bookings?search=${encodeURIComponent('Hana Leaving')}`,
    );
    expect(desk.body.data.map((booking) => booking.sale?.number)).toEqual([sale.body.data.number]);
    // Their data export lists what they paid.
    const exported = await customer.client.rest<{ receipts: { number: number; total: number }[] }>(
      'GET',
      '/users/me/export',
    );
    expect(exported.body.data.receipts).toEqual([
      expect.objectContaining({ number: sale.body.data.number, total: booked.body.data.price }),
    ]);
    const gone = await customer.client.rest('DELETE', '/users/me', { password: 'booking-pass' });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const kept = await admin.rest<Sale>('GET', `/admin/sales/${sale.body.data._id}`);
    expect(kept.body.data).toMatchObject({
      customer: { name: 'Former customer', email: null },
      total: booked.body.data.price,
    });
  });
});
