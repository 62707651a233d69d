// The one Drizzle schema module. Table names are plural, indexes are named.
// Ids are 24 hex characters (see ./ids.ts); times are milliseconds since the epoch;
// calendar days are `YYYY-MM-DD` and clock times `HH:MM` in the salon's time zone.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ACTORS,
  ACTIVITY_ENTITIES,
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  PARTS_OF_DAY,
  PAYMENT_METHODS,
  SALE_KINDS,
  REVIEW_STATUSES,
  SERVICE_CATEGORIES,
  STAFF_ROLES,
  WAITLIST_OFFER_STATUSES,
  WAITLIST_STORED_STATUSES,
  WEEKDAYS,
} from '@/shared/constants';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

/** SQL `IN (...)` list of a closed value set, for CHECK constraints. */
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));

// ---------------------------------------------------------------- accounts

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    /**
     * Stored lower-cased; unique among the given ones. `''`: none given (a customer the salon
     * booked by phone without one; docs/decisions/0018-schedules.md).
     */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    avatarUrl: text('avatar_url'),
    /** `''`: no password yet (booked by the salon); signing up with the e-mail sets one. */
    passwordHash: text('password_hash').notNull(),
    /** The salon's private notes on the customer (allergies, preferences): admins only. */
    notes: text('notes').notNull().default(''),
    /**
     * Set when the customer deleted their account: the row stays only so the reviews and past
     * bookings that point at it read "Former customer"; every personal field is emptied.
     */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    /**
     * When the customer turned off reminders and review requests (the one-click link in those
     * mails, or My account); null: they are sent.
     */
    unsubscribedAt: integer('unsubscribed_at', { mode: 'timestamp_ms' }),
    /**
     * The secret in the unsubscribe link of the customer's reminders and review requests, made
     * with their first such mail. Kept as it is (not hashed): every waiting mail's payload carries
     * it anyway, and all it can do is turn those mails off.
     */
    unsubscribeToken: text('unsubscribe_token'),
    /**
     * When the customer turned off the nudges to rebook (the one-click link in a nudge, or My
     * account); null: they are sent. Apart from `unsubscribed_at`: reminders go on.
     */
    nudgesOffAt: integer('nudges_off_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_unsubscribe_token_unique')
      .on(t.unsubscribeToken)
      .where(sql`${t.unsubscribeToken} IS NOT NULL`),
    uniqueIndex('users_email_unique')
      .on(t.email)
      .where(sql`${t.email} <> ''`),
    // A lookup by a bound e-mail cannot use the partial index above (SQLite cannot prove it is not '').
    index('users_email_idx').on(t.email),
    index('users_phone_idx').on(t.phone),
    // The customer book lists by name, a page at a time.
    index('users_name_idx').on(sql`lower(${t.fullName})`, t.id),
  ],
);

export const admins = sqliteTable(
  'admins',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    secondaryPhone: text('secondary_phone'),
    address: text('address').notNull().default(''),
    latitude: real('latitude'),
    longitude: real('longitude'),
    avatarUrl: text('avatar_url'),
    passwordHash: text('password_hash').notNull(),
    /** What this account may do (shared/roles.ts); the accounts made before roles are owners. */
    role: text('role', { enum: STAFF_ROLES }).notNull().default('owner'),
    /** The specialist a `specialist` account is; null for every other role. */
    specialistId: text('specialist_id').references((): AnySQLiteColumn => specialists.id, { onDelete: 'set null' }),
    /** A deactivated account cannot sign in; its sessions and API tokens end with the deactivation. */
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('admins_email_unique').on(t.email)],
);

/**
 * Sessions after Lucia's current guidance: the id is the SHA-256 (hex) of the random token held
 * in the cookie, so a leaked table does not leak usable tokens. Exactly one of user/admin is set.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: text('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_admin_idx').on(t.adminId),
    check('sessions_one_owner', sql`(${t.userId} IS NULL) <> (${t.adminId} IS NULL)`),
  ],
);

/** E-mailed sign-up codes: only a hash of the code is kept. */
export const otpCodes = sqliteTable(
  'otp_codes',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    /** Set when the code was verified: sign-up for this address is allowed until then. */
    verifiedUntil: integer('verified_until', { mode: 'timestamp_ms' }),
    /**
     * SHA-256 (hex) of the proof handed to the client that typed the right code (an HttpOnly
     * cookie): only that client may complete the sign-up (auth/signup.ts).
     */
    proofHash: text('proof_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_email_idx').on(t.email, t.createdAt)],
);

/** Password reset tokens: the id is the SHA-256 (hex) of the token in the e-mailed link. */
export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: text('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [check('password_reset_tokens_one_owner', sql`(${t.userId} IS NULL) <> (${t.adminId} IS NULL)`)],
);

/**
 * Named API tokens an admin made for scripts (`Authorization: Bearer`). Like sessions, only the
 * SHA-256 (hex) of the secret is kept; revoking deletes the row. See docs/decisions/0012-api-tokens.md.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    adminId: text('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** Updated at most once a minute (see auth/api-tokens.ts); null until the first use. */
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_unique').on(t.tokenHash),
    index('api_tokens_admin_created_idx').on(t.adminId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- catalogue

/**
 * Services and specialists are soft-deleted (`deleted_at`): bookings keep pointing at real rows,
 * and names stay unique only among the live ones. See docs/decisions/0003-booking-history.md.
 */
export const services = sqliteTable(
  'services',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category', { enum: SERVICE_CATEGORIES }).notNull(),
    price: real('price').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Minutes the specialist stays blocked after the service (cleaning, preparation). */
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    /**
     * Minutes after the active time during which the client stays (colour developing) but the
     * specialist is free for someone else; a visit's next item starts after them
     * (docs/decisions/0034-visits.md).
     */
    processingMinutes: integer('processing_minutes').notNull().default(0),
    /** How long before its start the service must be booked at the latest (0: any time ahead). */
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(0),
    /** How many days ahead it may be booked; null: the salon's horizon (BOOKING_HORIZON_DAYS). */
    maxAdvanceDays: integer('max_advance_days'),
    /**
     * Weeks after a completed visit at which its customer is nudged to book it again, when they
     * have booked nothing since (README "Standing appointments and rebooking"); null: never.
     */
    rebookWeeks: integer('rebook_weeks'),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('services_live_name_unique')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('services_category_idx').on(t.category),
    check('services_category_valid', sql`${t.category} IN (${oneOf(SERVICE_CATEGORIES)})`),
    check('services_price_positive', sql`${t.price} >= 0`),
    check('services_duration_positive', sql`${t.durationMinutes} > 0`),
  ],
);

export const specialists = sqliteTable(
  'specialists',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    /** `HH:MM`, salon time. */
    availableFrom: text('available_from').notNull(),
    availableTo: text('available_to').notNull(),
    imageUrl: text('image_url').notNull(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('specialists_live_name_unique')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const specialistDays = sqliteTable(
  'specialist_days',
  {
    specialistId: text('specialist_id')
      .notNull()
      .references(() => specialists.id, { onDelete: 'cascade' }),
    day: text('day', { enum: WEEKDAYS }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'specialist_days_pk', columns: [t.specialistId, t.day] }),
    check('specialist_days_day_valid', sql`${t.day} IN (${oneOf(WEEKDAYS)})`),
  ],
);

/**
 * A specialist's expertise: the services they offer, each at their own price (whole cents) and
 * length (active minutes) where set; null: the service's own.
 */
export const specialistServices = sqliteTable(
  'specialist_services',
  {
    specialistId: text('specialist_id')
      .notNull()
      .references(() => specialists.id, { onDelete: 'cascade' }),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents'),
    durationMinutes: integer('duration_minutes'),
  },
  (t) => [
    primaryKey({ name: 'specialist_services_pk', columns: [t.specialistId, t.serviceId] }),
    index('specialist_services_service_idx').on(t.serviceId),
  ],
);

// ---------------------------------------------------------------- bookings

/**
 * A booking references its service and specialist and also keeps a snapshot of what was booked
 * (names, price, duration) and who booked it, so it reads the same after later edits or removals.
 */
export const bookings = sqliteTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    specialistId: text('specialist_id')
      .notNull()
      .references(() => specialists.id, { onDelete: 'restrict' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    serviceName: text('service_name').notNull(),
    servicePrice: real('service_price').notNull(),
    /**
     * What the customer pays: the service's price then, less the discount running for its
     * category on the appointment's day (`discount_percentage`, null when none). Kept: a later price
     * change does not touch it.
     */
    price: real('price').notNull().default(0),
    discountPercentage: integer('discount_percentage'),
    durationMinutes: integer('duration_minutes').notNull(),
    specialistName: text('specialist_name').notNull(),
    /** `YYYY-MM-DD` and `HH:MM` in the salon's time zone, as the customer chose them. */
    bookingDate: text('booking_date').notNull(),
    timeSlot: text('time_slot').notNull(),
    /** The same moment as an instant, and the end of the booked time, for overlap checks. */
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    /**
     * The visit this booking is an item of (several services in one appointment, one after the
     * other); null: a booking of one service, a visit of its own. Items of a visit share the id.
     */
    visitId: text('visit_id'),
    /**
     * The service's processing time as booked: after `duration_minutes` the client stays this long
     * while the specialist is free. `ends_at` is the end of the specialist's own time (active and
     * buffer), so processing never makes them busy.
     */
    processingMinutes: integer('processing_minutes').notNull().default(0),
    /** Raised by every reschedule: the calendar invitation's SEQUENCE, so calendar apps update the event. */
    sequence: integer('sequence').notNull().default(0),
    /** The standing appointment this booking is an occurrence of (`booking_series`); null: none. */
    seriesId: text('series_id'),
    /** Where it came from (BOOKING_SOURCES): the reports count the waitlist's and the nudges'. */
    source: text('source', { enum: BOOKING_SOURCES }).notNull().default('direct'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Backstop against double booking: one live booking per specialist and start.
    uniqueIndex('bookings_specialist_start_live_unique')
      .on(t.specialistId, t.startsAt)
      .where(sql`${t.status} <> 'cancelled'`),
    index('bookings_specialist_day_idx').on(t.specialistId, t.bookingDate),
    // By day and time (calendar, CSV export); status and customer ride along so the reports' new
    // and returning customers are read from the index alone.
    index('bookings_date_idx').on(t.bookingDate, t.timeSlot, t.status, t.userId),
    // The back office lists newest first, filtered by status or not: both orders come from an
    // index, so a page is read without sorting the whole table.
    index('bookings_status_created_idx').on(t.status, t.createdAt, t.id),
    index('bookings_user_idx').on(t.userId, t.startsAt),
    index('bookings_created_idx').on(t.createdAt, t.id),
    index('bookings_visit_idx')
      .on(t.visitId, t.startsAt)
      .where(sql`${t.visitId} IS NOT NULL`),
    index('bookings_series_idx')
      .on(t.seriesId, t.startsAt)
      .where(sql`${t.seriesId} IS NOT NULL`),
    check('bookings_status_valid', sql`${t.status} IN (${oneOf(BOOKING_STATUSES)})`),
    check('bookings_time_order', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * The waitlist (README "Waitlist"): a customer who found no time that suits waits for one to come
 * free. Stored `waiting`, `booked` (they booked something in its days) or `left`; a waiting entry
 * whose last day has passed reads `expired` (domain/waitlist.ts).
 */
export const waitlist = sqliteTable(
  'waitlist',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** JSON, in order: `[{ "serviceId": "...", "specialistId": "..." | null }]` (null: any specialist). */
    items: text('items').notNull(),
    /** The first and last day that suit, both included. */
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    partOfDay: text('part_of_day', { enum: PARTS_OF_DAY }).notNull(),
    status: text('status', { enum: WAITLIST_STORED_STATUSES }).notNull().default('waiting'),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Who waits for a day, longest waiting first.
    index('waitlist_waiting_idx')
      .on(t.toDate, t.fromDate, t.createdAt)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_user_idx').on(t.userId, t.createdAt),
    check('waitlist_status_valid', sql`${t.status} IN (${oneOf(WAITLIST_STORED_STATUSES)})`),
    check('waitlist_part_of_day_valid', sql`${t.partOfDay} IN (${oneOf(PARTS_OF_DAY)})`),
    check('waitlist_days_order', sql`${t.toDate} >= ${t.fromDate}`),
  ],
);

/**
 * A time offered to a waitlist entry (README "Waitlist"): its customer alone may book it until
 * `expires_at`, through the link mailed to them (`token_hash`: SHA-256 of the link's token).
 */
export const waitlistOffers = sqliteTable(
  'waitlist_offers',
  {
    id: text('id').primaryKey(),
    entryId: text('entry_id')
      .notNull()
      .references(() => waitlist.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    bookingDate: text('booking_date').notNull(),
    timeSlot: text('time_slot').notNull(),
    /** JSON, in order: `[{ "serviceId": "...", "specialistId": "..." }]`, each with who was placed. */
    items: text('items').notNull(),
    status: text('status', { enum: WAITLIST_OFFER_STATUSES }).notNull().default('open'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** The booking (or visit) made from it. */
    bookingId: text('booking_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_offers_token_unique').on(t.tokenHash),
    index('waitlist_offers_entry_idx').on(t.entryId, t.createdAt),
    // The open offers by when their holds end: the waitlist's loop finds the ended ones at a glance.
    index('waitlist_offers_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    check('waitlist_offers_status_valid', sql`${t.status} IN (${oneOf(WAITLIST_OFFER_STATUSES)})`),
  ],
);

/**
 * What an open offer holds: each specialist's time, busy for everyone but the offer's customer
 * until `until` (free slots and booking read it with the bookings: bookings/free-slots.ts).
 */
export const waitlistHolds = sqliteTable(
  'waitlist_holds',
  {
    offerId: text('offer_id')
      .notNull()
      .references(() => waitlistOffers.id, { onDelete: 'cascade' }),
    specialistId: text('specialist_id').notNull(),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    until: integer('until', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('waitlist_holds_specialist_idx').on(t.specialistId, t.startsAt),
    index('waitlist_holds_offer_idx').on(t.offerId),
  ],
);

/**
 * Times that may have come free for the waitlist, written by triggers (migration 0018) when a
 * booking is cancelled, moved or deleted, time off or a closure is removed, an offer's hold ends
 * unused, or hours change (every day then); the waitlist's loop takes them and offers them
 * (waitlist/freed.ts).
 */
export const waitlistFreed = sqliteTable('waitlist_freed', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  fromDate: text('from_date').notNull(),
  toDate: text('to_date').notNull(),
  /** The time that came free (a booking's, a time off's, a hold's); null: the whole of those days. */
  startsAt: integer('starts_at', { mode: 'timestamp_ms' }),
  endsAt: integer('ends_at', { mode: 'timestamp_ms' }),
  /** An offer's hold that ended unused: its entry, which the time goes past to the next. */
  passedEntryId: text('passed_entry_id'),
});

/**
 * A standing appointment (README "Standing appointments and rebooking"): a booking or visit
 * repeated every `every_weeks` weeks, `count` times or until `until`. Its occurrences are bookings
 * with its id in `series_id`, each with its own status, reminder and cut-off.
 */
export const bookingSeries = sqliteTable('booking_series', {
  id: text('id').primaryKey(),
  everyWeeks: integer('every_weeks').notNull(),
  count: integer('count'),
  until: text('until'),
  createdAt: createdAt(),
});

/**
 * The nudges to rebook (README "Standing appointments and rebooking"): one per completed booking
 * of a service with a rebooking interval, sent once; `booked_id`: the booking made after it.
 */
export const rebookNudges = sqliteTable(
  'rebook_nudges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The completed booking it follows. */
    afterBookingId: text('after_booking_id').notNull(),
    serviceId: text('service_id').notNull(),
    specialistId: text('specialist_id').notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
    bookedId: text('booked_id'),
  },
  (t) => [
    uniqueIndex('rebook_nudges_after_unique').on(t.afterBookingId),
    index('rebook_nudges_user_idx').on(t.userId, t.sentAt),
  ],
);

/**
 * Per salon day, service and status: how many bookings, their prices in cents and their booked
 * minutes, for the reports; `completed` cents also carry the till's sale lines (what was paid less
 * the booked price: migration 0020, README "The till"). Kept by triggers on `bookings` (migration 0007), so a report over a year
 * reads a few thousand rows rather than every booking. `bookingTotalsBySpecialist` alike.
 */
export const bookingTotalsByService = sqliteTable(
  'booking_totals_by_service',
  {
    day: text('day').notNull(),
    serviceId: text('service_id').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    bookings: integer('bookings').notNull(),
    cents: integer('cents').notNull(),
    minutes: integer('minutes').notNull(),
  },
  (t) => [primaryKey({ name: 'booking_totals_by_service_pk', columns: [t.day, t.serviceId, t.status] })],
);

export const bookingTotalsBySpecialist = sqliteTable(
  'booking_totals_by_specialist',
  {
    day: text('day').notNull(),
    specialistId: text('specialist_id').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    bookings: integer('bookings').notNull(),
    cents: integer('cents').notNull(),
    minutes: integer('minutes').notNull(),
  },
  (t) => [primaryKey({ name: 'booking_totals_by_specialist_pk', columns: [t.day, t.specialistId, t.status] })],
);

/**
 * How many bookings have each status, kept by triggers on `bookings` (migration 0004): the back
 * office shows these counts on every page, and counting the table each time grows with it.
 * Search over bookings uses the FTS5 table `bookings_search` (trigram), also kept by triggers
 * there; Drizzle does not describe virtual tables. See docs/decisions/0015-server-speed.md.
 */
export const bookingStatusCounts = sqliteTable(
  'booking_status_counts',
  {
    status: text('status', { enum: BOOKING_STATUSES }).primaryKey(),
    count: integer('count').notNull().default(0),
  },
  (t) => [check('booking_status_counts_status_valid', sql`${t.status} IN (${oneOf(BOOKING_STATUSES)})`)],
);

// ---------------------------------------------------------------- the till

/**
 * A sale at the till (README "The till"): a visit's checkout, a walk-in sale or a gift voucher's.
 * Money in whole cents. Payments are recorded, not processed (decision 0050). A sale is never
 * deleted or edited; a refund is a row of its own. `number` is the receipt's: 1, 2, 3 ...
 */
export const sales = sqliteTable(
  'sales',
  {
    id: text('id').primaryKey(),
    number: integer('number').notNull(),
    kind: text('kind', { enum: SALE_KINDS }).notNull(),
    /** The visit it closed (its id, as `getVisit` names it); one sale per visit. */
    visitId: text('visit_id'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    /** The salon day it was taken, `YYYY-MM-DD`. */
    day: text('day').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    discountPercent: integer('discount_percent'),
    discountReason: text('discount_reason'),
    /** The items less the discount; the payments cover it plus the tips. */
    totalCents: integer('total_cents').notNull(),
    tipsCents: integer('tips_cents').notNull().default(0),
    takenById: text('taken_by_id').notNull(),
    takenByName: text('taken_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sales_number_unique').on(t.number),
    // Backstop: two checkouts of one visit at once never both go through.
    uniqueIndex('sales_visit_unique')
      .on(t.visitId)
      .where(sql`${t.visitId} IS NOT NULL`),
    index('sales_day_idx').on(t.day, t.number),
    check('sales_kind_valid', sql`${t.kind} IN (${oneOf(SALE_KINDS)})`),
    check('sales_total_sum', sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} AND ${t.totalCents} >= 0`),
    check('sales_tips_positive', sql`${t.tipsCents} >= 0`),
  ],
);

/**
 * A line of a sale: an item of the visit (`booking_id`) at the price charged, or one added at the
 * till (a service, a product in words, a gift voucher). `net_cents` is the price less its share of
 * the sale's discount: what the reports count as paid for it.
 */
export const saleItems = sqliteTable(
  'sale_items',
  {
    id: text('id').primaryKey(),
    saleId: text('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    /**
     * The salon day its takings count on in the reports: its booking's day (the booked price's
     * own day, which it replaces) or, added at the till, the sale's.
     */
    day: text('day').notNull(),
    bookingId: text('booking_id'),
    serviceId: text('service_id'),
    serviceName: text('service_name'),
    specialistId: text('specialist_id'),
    specialistName: text('specialist_name'),
    description: text('description').notNull(),
    bookedCents: integer('booked_cents'),
    priceCents: integer('price_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    reason: text('reason'),
  },
  (t) => [
    index('sale_items_sale_idx').on(t.saleId, t.position),
    index('sale_items_day_idx').on(t.day),
    index('sale_items_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} IS NOT NULL`),
    check('sale_items_amounts', sql`${t.priceCents} >= 0 AND ${t.netCents} >= 0 AND ${t.netCents} <= ${t.priceCents}`),
  ],
);

/** How a sale was paid: one row per line (cash, card, a gift voucher by its id, other). */
export const salePayments = sqliteTable(
  'sale_payments',
  {
    id: text('id').primaryKey(),
    saleId: text('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    voucherId: text('voucher_id').references(() => vouchers.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('sale_payments_sale_idx').on(t.saleId, t.position),
    index('sale_payments_voucher_idx')
      .on(t.voucherId)
      .where(sql`${t.voucherId} IS NOT NULL`),
    check('sale_payments_method_valid', sql`${t.method} IN (${oneOf(PAYMENT_METHODS)})`),
    check('sale_payments_positive', sql`${t.amountCents} > 0`),
    check('sale_payments_voucher', sql`(${t.method} = 'voucher') = (${t.voucherId} IS NOT NULL)`),
  ],
);

/** A tip given with a sale, for one of its specialists. */
export const saleTips = sqliteTable(
  'sale_tips',
  {
    id: text('id').primaryKey(),
    saleId: text('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'restrict' }),
    specialistId: text('specialist_id').notNull(),
    specialistName: text('specialist_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    index('sale_tips_sale_idx').on(t.saleId),
    index('sale_tips_specialist_idx').on(t.specialistId),
    check('sale_tips_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Money given back on a sale, by one method, with the reason and who gave it. A refund to a
 * voucher puts it back on the voucher it was paid with (`voucher_id`).
 */
export const refunds = sqliteTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    saleId: text('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'restrict' }),
    day: text('day').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    voucherId: text('voucher_id').references(() => vouchers.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    byId: text('by_id').notNull(),
    byName: text('by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_sale_idx').on(t.saleId, t.createdAt),
    index('refunds_day_idx').on(t.day),
    check('refunds_method_valid', sql`${t.method} IN (${oneOf(PAYMENT_METHODS)})`),
    check('refunds_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A gift voucher (README "Gift vouchers"): sold by a sale of its own, spent at checkouts against
 * its balance, which never goes below zero (the CHECK is the backstop of the till's guarded update).
 */
export const vouchers = sqliteTable(
  'vouchers',
  {
    id: text('id').primaryKey(),
    /** `XXXX-XXXX-XXXX`, from an alphabet without look-alikes (sales/vouchers.ts). */
    code: text('code').notNull(),
    valueCents: integer('value_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    buyerName: text('buyer_name'),
    recipientName: text('recipient_name'),
    /** The last day it may be spent, `YYYY-MM-DD` in the salon's time zone. */
    expiresOn: text('expires_on').notNull(),
    saleId: text('sale_id').notNull(),
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    voidedBy: text('voided_by'),
    voidReason: text('void_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vouchers_code_unique').on(t.code),
    index('vouchers_created_idx').on(t.createdAt),
    check('vouchers_balance_bounds', sql`${t.balanceCents} >= 0 AND ${t.balanceCents} <= ${t.valueCents}`),
  ],
);

/**
 * The till's figures per salon day, kept by triggers on its tables (migration 0020), so a year's
 * report reads a few thousand rows however many sales there were (as `booking_totals_by_*` do for
 * bookings). `measure` and `key`: `paid`/method, `refund`/method, `tip`/specialist id,
 * `discount`/'', `voucher-sold`/'', and `unassigned`/'': takings of lines with no specialist (a
 * product at the desk; the others are added to `booking_totals_by_*`).
 */
export const tillTotals = sqliteTable(
  'till_totals',
  {
    day: text('day').notNull(),
    measure: text('measure').notNull(),
    key: text('key').notNull().default(''),
    cents: integer('cents').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'till_totals_pk', columns: [t.day, t.measure, t.key] })],
);

/** A day's cash-up: the cash counted against what the till expected, the difference kept. */
export const cashUps = sqliteTable(
  'cash_ups',
  {
    id: text('id').primaryKey(),
    day: text('day').notNull(),
    floatCents: integer('float_cents').notNull(),
    expectedCents: integer('expected_cents').notNull(),
    countedCents: integer('counted_cents').notNull(),
    note: text('note'),
    byId: text('by_id').notNull(),
    byName: text('by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cash_ups_day_idx').on(t.day, t.createdAt)],
);

/** The writes a caller may send with an idempotency key (server/db/idempotent.ts). */
export const IDEMPOTENT_WRITES = ['sale', 'voucher', 'refund'] as const;
export type IdempotentWrite = (typeof IDEMPOTENT_WRITES)[number];

/**
 * A write that went through with the caller's idempotency key: which write, a digest of its
 * request, and the record it made, so the same request sent again answers that record and writes
 * nothing more. The key is the primary key: two processes taking one key at once, one wins.
 */
export const idempotentWrites = sqliteTable(
  'idempotent_writes',
  {
    key: text('key').primaryKey(),
    write: text('write', { enum: IDEMPOTENT_WRITES }).notNull(),
    /** SHA-256 of the request as validated, without its key. */
    requestDigest: text('request_digest').notNull(),
    resultId: text('result_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('idempotent_writes_write_valid', sql`${t.write} IN (${oneOf(IDEMPOTENT_WRITES)})`)],
);

// ---------------------------------------------------------------- content

export const reviews = sqliteTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('Pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reviews_status_idx').on(t.status, t.createdAt),
    index('reviews_service_idx').on(t.serviceId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_status_valid', sql`${t.status} IN (${oneOf(REVIEW_STATUSES)})`),
  ],
);

export const discounts = sqliteTable(
  'discounts',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    percentage: integer('percentage').notNull(),
    description: text('description'),
    /** Calendar days `YYYY-MM-DD` in the salon's time zone, both inclusive. */
    validFrom: text('valid_from').notNull(),
    validTill: text('valid_till').notNull(),
    imageUrl: text('image_url').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('discounts_valid_till_idx').on(t.validTill),
    check('discounts_percentage_range', sql`${t.percentage} BETWEEN 1 AND 100`),
    check('discounts_dates_order', sql`${t.validFrom} <= ${t.validTill}`),
  ],
);

export const discountCategories = sqliteTable(
  'discount_categories',
  {
    discountId: text('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    category: text('category', { enum: SERVICE_CATEGORIES }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'discount_categories_pk', columns: [t.discountId, t.category] }),
    check('discount_categories_category_valid', sql`${t.category} IN (${oneOf(SERVICE_CATEGORIES)})`),
  ],
);

/** The salon's public contact details: one row (id 1), saved from Settings > Salon details. */
export const salonContact = sqliteTable(
  'salon_contact',
  {
    id: integer('id').primaryKey(),
    /**
     * The parts below composed into one line (shared/postal-address.ts), as the spec's payloads,
     * the mails and the contact page read it; written with them on every save.
     */
    address: text('address').notNull(),
    /** The address in parts (Settings > Salon details); all '' on a row saved before them. */
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    secondaryPhone: text('secondary_phone'),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('salon_contact_single_row', sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------- the salon's day

/**
 * A specialist's own hours for one weekday: `ranges` is a JSON list of `{ from, to }` (`HH:MM`,
 * salon time, in order, not overlapping); `[]` is a day off. A weekday without a row falls back to
 * the spec's `available_from`/`available_to`/`specialist_days` (docs/decisions/0018-schedules.md).
 */
export const specialistSchedules = sqliteTable(
  'specialist_schedules',
  {
    specialistId: text('specialist_id')
      .notNull()
      .references(() => specialists.id, { onDelete: 'cascade' }),
    day: text('day', { enum: WEEKDAYS }).notNull(),
    ranges: text('ranges', { mode: 'json' }).notNull().$type<{ from: string; to: string }[]>(),
  },
  (t) => [
    primaryKey({ name: 'specialist_schedules_pk', columns: [t.specialistId, t.day] }),
    check('specialist_schedules_day_valid', sql`${t.day} IN (${oneOf(WEEKDAYS)})`),
  ],
);

/**
 * The salon's opening hours, one row per weekday: `ranges` as in `specialist_schedules`
 * (`[{ from, to }]`, salon time; `[]` closed). A weekday without a row has never been set: it limits
 * no specialist, and is shown as the span of its specialists' hours (salon/opening-hours.ts).
 */
export const openingHours = sqliteTable(
  'opening_hours',
  {
    day: text('day', { enum: WEEKDAYS }).primaryKey(),
    ranges: text('ranges', { mode: 'json' }).notNull().$type<{ from: string; to: string }[]>(),
    updatedAt: updatedAt(),
  },
  (t) => [check('opening_hours_day_valid', sql`${t.day} IN (${oneOf(WEEKDAYS)})`)],
);

/**
 * A span a specialist does not work (holiday, sick day, an appointment of their own): the local
 * wall-clock times as the admin gave them (`YYYY-MM-DDTHH:MM`, salon time) and the same as instants.
 */
export const timeOff = sqliteTable(
  'time_off',
  {
    id: text('id').primaryKey(),
    specialistId: text('specialist_id')
      .notNull()
      .references(() => specialists.id, { onDelete: 'cascade' }),
    startsLocal: text('starts_local').notNull(),
    endsLocal: text('ends_local').notNull(),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_off_specialist_end_idx').on(t.specialistId, t.endsAt),
    index('time_off_end_idx').on(t.endsAt),
    check('time_off_order', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Whole days the salon is closed for everyone (public holidays): one row per calendar day. */
export const closures = sqliteTable(
  'closures',
  {
    id: text('id').primaryKey(),
    /** `YYYY-MM-DD`, salon time. */
    day: text('day').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('closures_day_unique').on(t.day)],
);

// ---------------------------------------------------------------- messages

/**
 * The durable outbox: every e-mail and webhook delivery the product sends, written in the same
 * transaction as the change that causes it and sent by the delivery loop (outbox/delivery.ts).
 * `payload` (the message's JSON) is dropped once it is sent or cancelled; the row stays as the log.
 */
export const messages = sqliteTable(
  'messages',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    channel: text('channel', { enum: ['mail', 'webhook'] }).notNull(),
    /** An e-mail address, or a webhook endpoint's URL. */
    recipient: text('recipient').notNull(),
    payload: text('payload'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this instant (a reminder's time, the next retry). */
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    /** Who is sending it (`pid:thread:instance`) and until when the claim holds. */
    claimedBy: text('claimed_by'),
    claimedUntil: integer('claimed_until', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    /** A webhook's last HTTP answer code. */
    lastCode: integer('last_code'),
    bookingId: text('booking_id'),
    endpointId: text('endpoint_id'),
    /** One message of a kind per cause (a review request per booking). */
    dedupeKey: text('dedupe_key'),
    /**
     * The recipient deleted their account: once the message is settled (sent, failed or
     * cancelled) its recipient is emptied too, so the log keeps no address of theirs.
     */
    forgetRecipient: integer('forget_recipient', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    // The delivery loop's two questions: which waiting messages are due, and whose claims ran out.
    index('messages_pending_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    index('messages_sending_idx')
      .on(t.claimedUntil)
      .where(sql`${t.status} = 'sending'`),
    index('messages_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} IS NOT NULL`),
    index('messages_endpoint_idx')
      .on(t.endpointId, t.createdAt)
      .where(sql`${t.endpointId} IS NOT NULL`),
    index('messages_created_idx').on(t.createdAt),
    uniqueIndex('messages_dedupe_unique')
      .on(t.dedupeKey)
      .where(sql`${t.dedupeKey} IS NOT NULL`),
  ],
);

/** Settings > Webhooks: where the salon's events are posted, signed with the endpoint's secret. */
export const webhookEndpoints = sqliteTable('webhook_endpoints', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  /** JSON array of event types. */
  events: text('events').notNull(),
  /** `whsec_` + base64 of 24 random bytes (Standard Webhooks). */
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/** The salon's own switches (one row, id 1). */
export const salonSettings = sqliteTable(
  'salon_settings',
  {
    id: integer('id').primaryKey(),
    /** A mail to the salon's contact e-mail for each new, moved or cancelled booking. */
    notifyBookings: integer('notify_bookings', { mode: 'boolean' }).notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [check('salon_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * The replicator's mark (one row, id 1): written when Litestream starts, so that it copies a change
 * at once and says where the replica stands (replication/replicator.ts).
 */
export const replicationHeartbeat = sqliteTable(
  'replication_heartbeat',
  {
    id: integer('id').primaryKey(),
    at: text('at').notNull(),
  },
  (t) => [check('replication_heartbeat_single_row', sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------- who changed what

/**
 * The activity log (server/team/): one row per change to a booking or to the salon's set-up,
 * with who made it. The actor's name and role are copied, so a row reads the same after the account
 * changes or goes; a deleted customer's rows lose their name (auth/account-deletion.ts). Rows older
 * than ACTIVITY_KEEP_DAYS are pruned.
 */
export const activity = sqliteTable(
  'activity',
  {
    id: text('id').primaryKey(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    actorKind: text('actor_kind', { enum: ACTIVITY_ACTORS }).notNull(),
    /** The customer's or staff account's id, or the API token's; null for the system. */
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    /** A member of staff's role at the time (an API token's maker's). */
    actorRole: text('actor_role', { enum: STAFF_ROLES }),
    entity: text('entity', { enum: ACTIVITY_ENTITIES }).notNull(),
    /** The booking, service, ... changed; null for the salon's one-of-a-kind settings. */
    entityId: text('entity_id'),
    /** What it was called when it changed ("Haircut", "Opening hours"). */
    entityLabel: text('entity_label').notNull(),
    action: text('action', { enum: ACTIVITY_ACTIONS }).notNull(),
    /** The change in the salon's words ("Tue 1 Dec 10:00 with Maya → Wed 2 Dec 11:00 with Leila"). */
    detail: text('detail').notNull().default(''),
  },
  (t) => [
    index('activity_at_idx').on(t.at),
    index('activity_entity_idx').on(t.entity, t.entityId, t.at),
    check('activity_actor_kind', sql`${t.actorKind} IN (${oneOf(ACTIVITY_ACTORS)})`),
    check('activity_entity_kind', sql`${t.entity} IN (${oneOf(ACTIVITY_ENTITIES)})`),
  ],
);

/**
 * Private calendar feeds (`GET /calendar/{token}.ics`): one per specialist and one for the whole
 * salon (`specialist_id` null). The token is the feed's only credential, kept as given so the
 * back office can show the address again; regenerating replaces it, which ends the old address.
 */
export const calendarFeeds = sqliteTable(
  'calendar_feeds',
  {
    id: text('id').primaryKey(),
    /** `salon`, or the specialist's id. */
    scope: text('scope').notNull(),
    specialistId: text('specialist_id').references(() => specialists.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_scope_unique').on(t.scope),
    uniqueIndex('calendar_feeds_token_unique').on(t.token),
  ],
);
