// Business constants (limits, timings, the currency) and the closed value sets (categories,
// weekdays, statuses).
// Shared by server and client: no Node or DOM APIs here.

export const SERVICE_CATEGORIES = ['Make up', 'Hair styling', 'Nail care', 'cosmetology', 'SPA procedures'] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * The weekday of a `YYYY-MM-DD` calendar day, read on its UTC midnight (days are zone-free, so the
 * machine's or the browser's zone does not matter); undefined for text that is not a day.
 */
export function weekdayOfDay(day: string): Weekday | undefined {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  // getUTCDay counts from Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(date.getUTCDay() + 6) % 7];
}

/**
 * The salon's week starts on Monday: the week view of the calendar and every date picker. Counted
 * from Sunday = 0, as date-fns (`weekStartsOn`) and Mantine (`firstDayOfWeek`) both count.
 */
export const WEEK_STARTS_ON = 1;

/** Weekdays are shown in their three-letter forms (Mon ... Sun). */
export function weekdayShort(day: Weekday): string {
  return day.slice(0, 3);
}

/**
 * The four statuses of a booking, and `no-show`: the customer did not come. Like `completed`
 * it is settled and held its time; unlike it, it brought no takings.
 */
/**
 * What a back-office account may do (README "The team"): the owner everything; a manager all but
 * staff accounts, API tokens and webhooks; reception the day's work (calendar, bookings, customers,
 * reviews); a specialist their own day.
 */
export const STAFF_ROLES = ['owner', 'manager', 'reception', 'specialist'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who made a change in the activity log: a customer, a member of staff, an API token, or the salon's own rules. */
export const ACTIVITY_ACTORS = ['customer', 'staff', 'api-token', 'system'] as const;
export type ActivityActor = (typeof ACTIVITY_ACTORS)[number];

/** What a change in the activity log was made to (Settings → Activity filters by these). */
export const ACTIVITY_ENTITIES = [
  'booking',
  'service',
  'specialist',
  'discount',
  'hours',
  'closure',
  'time-off',
  'team',
  'settings',
  'review',
  'customer',
  'waitlist',
] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];

/** What happened to it. */
export const ACTIVITY_ACTIONS = ['created', 'updated', 'moved', 'status', 'cancelled', 'deleted'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** How long the activity log keeps a change: two years. */
export const ACTIVITY_KEEP_DAYS = 730;
/** Settings → Activity's page, and the most one request may ask for. */
export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_PAGE_SIZE_MAX = 200;

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed', 'no-show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The status colours (Mantine colour names), wherever a status is shown. */
export const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = {
  pending: 'yellow',
  confirmed: 'green',
  cancelled: 'red',
  completed: 'blue',
  'no-show': 'gray',
};

export const REVIEW_STATUSES = ['Pending', 'Approved'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * The session cookie naming the discount whose banner (the marquee) the visitor closed: a cookie,
 * so the server renders the page without it and it never flashes back in (marquee-dismissal.ts).
 */
export const CLOSED_DISCOUNT_COOKIE = 'salon_closed_discount';
export const SEARCH_DEBOUNCE_MS = 300;
export const RECENT_BOOKINGS_LIMIT = 5;
export const TOAST_AUTO_CLOSE_MS = 3000;
export const TABLE_MAX_HEIGHT_PX = 400;
export const MAP_BOX_DEGREES = 0.01;
export const PHONE_DISPLAY_PREFIX = '+91';

export const OTP_LENGTH = 4;
export const PHONE_DIGITS = 10;
export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 3;
export const COMMENT_MIN_LENGTH = 10;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The home page's testimonials: the newest six approved reviews (the same query on the server and in the browser). */
export const HOME_TESTIMONIALS = { latest: 6 } as const;
export const DISCOUNT_PERCENT_MIN = 1;
export const DISCOUNT_PERCENT_MAX = 100;

// The upper bounds of what a form or a caller may store (text in characters).
/** A person's, a service's or a specialist's name, a first or last name. */
export const NAME_MAX_LENGTH = 100;
/** RFC 5321's limit for an address. */
export const EMAIL_MAX_LENGTH = 254;
/** Longer passwords add nothing but hashing time. */
export const PASSWORD_MAX_LENGTH = 128;
export const TITLE_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const COMMENT_MAX_LENGTH = 1000;
export const ADDRESS_MAX_LENGTH = 300;
/** Record ids are 24 characters; anything much longer is not one. */
export const ID_MAX_LENGTH = 64;
/** Reset links carry 32-character tokens. */
export const TOKEN_MAX_LENGTH = 128;
/** What a picked value (a date, a time, a service's or specialist's name) may be at most. */
export const CHOICE_MAX_LENGTH = 100;
/** A service's price, in dollars. */
export const PRICE_MAX = 100_000;
/** A service's length and the buffer after it, in minutes. */
export const DURATION_MAX_MINUTES = 720;
export const BUFFER_MAX_MINUTES = 240;
/** A service's processing time (the client stays, the specialist is free), in minutes. */
export const PROCESSING_MAX_MINUTES = 240;
/** A service's minimum notice, in minutes (30 days). */
export const NOTICE_MAX_MINUTES = 43_200;
/** How far ahead a service may be booked at most, in days. */
export const ADVANCE_MAX_DAYS = 365;
/** Services in one visit. */
export const VISIT_ITEMS_MAX = 6;
/** A waitlist entry's days, both included, at most (README "Waitlist"). */
export const WAITLIST_DAYS_MAX = 60;
/** Waiting entries one customer may have at once. */
export const WAITLIST_ENTRIES_MAX = 10;
/** The parts of a day a waitlist entry may ask for; a time belongs to one by when it starts. */
export const PARTS_OF_DAY = ['any', 'morning', 'afternoon', 'evening'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];
/** A waitlist entry as stored; a waiting one whose days have passed reads `expired`. */
export const WAITLIST_STORED_STATUSES = ['waiting', 'booked', 'left'] as const;
/** An offer of a freed time to a waitlist entry: open while held, then taken up or not. */
export const WAITLIST_OFFER_STATUSES = ['open', 'accepted', 'expired', 'withdrawn'] as const;
/** How long an offered time is held for the customer it is offered to, in minutes. */
export const WAITLIST_HOLD_MINUTES = 30;
/**
 * Where a booking came from, for the reports: made directly, from a time offered to the waitlist,
 * or after a rebooking nudge (README "Waitlist", "Standing appointments and rebooking").
 */
export const BOOKING_SOURCES = ['direct', 'waitlist', 'nudge'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
/** A standing appointment repeats every 1 to this many weeks. */
export const REPEAT_WEEKS_MAX = 12;
/** Occurrences of one standing appointment, the first included, at most. */
export const REPEAT_COUNT_MAX = 26;
/** A service's rebooking interval, in weeks, at most (null: no nudge). */
export const REBOOK_WEEKS_MAX = 52;
/** How a sale was paid at the desk (README "The till"): recorded, never processed here. */
export const PAYMENT_METHODS = ['cash', 'card', 'voucher', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** A sale closes a visit, sells at the desk without a booking, or sells a gift voucher. */
export const SALE_KINDS = ['visit', 'walk-in', 'voucher'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
/** One amount at the till (a price, a payment, a tip, a refund, a voucher's value), in dollars. */
export const TILL_AMOUNT_MAX = 100_000;
/** Lines of one sale: items, payments, tips. */
export const SALE_ITEMS_MAX = 30;
export const SALE_PAYMENTS_MAX = 10;
export const SALE_TIPS_MAX = 10;
/**
 * An idempotency key's length (README "The till"): a write sent again with the key of one that
 * went through answers what it answered, and writes nothing more.
 */
export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
/** How long a key is remembered: sent again later, the request is a new one. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A gift voucher's value at most, in dollars, and how long it is valid by default and at most. */
export const VOUCHER_VALUE_MAX = 10_000;
export const VOUCHER_DEFAULT_MONTHS = 12;
export const VOUCHER_LONGEST_YEARS = 5;
/** Sales one list answers at most (a period's; the newest first). */
export const SALES_LIST_MAX = 1000;
/** Services one specialist may offer. */
export const EXPERTISE_MAX = 200;

/** The static "from" prices of the landing page, in dollars. */
export const LANDING_FROM_PRICES = [
  { label: 'Nail care', price: 25 },
  { label: 'Hair Styling', price: 30 },
  { label: 'Make up', price: 50 },
  { label: 'Cosmetology', price: 30 },
  { label: 'SPA procedures', price: 40 },
] as const;

/** The salon's name, as the site header, footer and e-mails show it. */
export const SALON_NAME = 'Rose Beauty Salon';

/** Prices are in US dollars: the pages' formatting and the search engines' offers say so. */
export const SALON_CURRENCY = 'USD';

/** A customer may cancel a booking until this many minutes before it starts. */
export const BOOKING_CANCEL_CUTOFF_MINUTES = 120;
/** How far ahead a customer may book, in days (the server refuses later days, the form offers none). */
export const BOOKING_HORIZON_DAYS = 60;
/**
 * The days any input may name, both included (README "Guarantees"). Wide enough for every real use:
 * the salon's history (it has none before this century) and its reports, bookings 60 days ahead,
 * closures, time off and discounts planned years ahead. Narrow enough that every day, and the day
 * after it, is written `YYYY-MM-DD` and compares as text: the day after 9999-12-31 is written
 * `+010000-01-01`, which sorts first, and walking a period to it never ended.
 */
export const EARLIEST_DAY = '2000-01-01';
export const LATEST_DAY = '2100-12-31';
/**
 * A day (`YYYY-MM-DD`, or a date-time starting with one) from EARLIEST_DAY to LATEST_DAY, as
 * written: a date-time with an offset may fall a day either side in the salon's zone, which this
 * sanity bound (no business rule) does not mind. The schemas (`dayInRange`) and the pages reading a
 * day from their address use it.
 */
export function isDayInRange(value: string): boolean {
  const day = value.slice(0, 10);
  return day >= EARLIEST_DAY && day <= LATEST_DAY;
}
/** The back office's appointments list: rows per page unless asked otherwise, and at most. */
export const BOOKINGS_PAGE_SIZE = 20;
export const BOOKINGS_PAGE_SIZE_MAX = 100;

/** The salon's day: at most this many working ranges in one weekday (hours and breaks). */
export const SCHEDULE_RANGES_PER_DAY_MAX = 8;
/** The salon's opening hours: one open–close span per weekday (none: closed that day). */
export const OPENING_RANGES_PER_DAY_MAX = 1;
/** One time off spans at most this many days. */
export const TIME_OFF_MAX_DAYS = 366;
/** A reason given for time off or a closure. */
export const REASON_MAX_LENGTH = 200;
/** The calendar answers at most this many days at once. */
export const CALENDAR_MAX_DAYS = 31;
/** What the booking form sends as the specialist to let the salon pick one. */
export const ANY_SPECIALIST = 'any';
/** A search of the customer book answers at most this many people. */
export const CUSTOMER_SEARCH_LIMIT = 10;
/** The customer book: rows per page unless asked otherwise, and at most. */
export const CUSTOMERS_PAGE_SIZE = 20;
export const CUSTOMERS_PAGE_SIZE_MAX = 100;
/** How the product names a customer who deleted their account (their reviews, their past bookings). */
export const FORMER_CUSTOMER_NAME = 'Former customer';
/** The salon's private notes on a customer (allergies, preferences). */
export const CUSTOMER_NOTES_MAX_LENGTH = 2000;
