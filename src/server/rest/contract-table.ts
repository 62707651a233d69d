// The REST paths of the product spec (README "For developers: the API"), one row per call,
// exactly as the spec writes it, plus the paths the app adds beyond the spec and the OpenAPI
// document. contract.test.ts walks every row against a running app and checks the table against
// the routes the app registers.

export type ContractMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The session a row needs: none, a customer's, an admin's, or (DELETE /reviews/{id}) the review's author's or an admin's. */
export type SessionNeeded = 'none' | 'customer' | 'admin' | 'author-or-admin';

/** How the payload travels: not at all, as JSON, as multipart form data, or as the query. */
export type PayloadKind = 'none' | 'json' | 'multipart' | 'query';

/** An object the API answers with; the list and object kinds of `data` hold these. */
export type ContractEntity = 'booking' | 'service' | 'specialist' | 'review' | 'discount' | 'user' | 'admin';

/**
 * The kind of `data` in the envelope: a list of entities, one entity (create, update,
 * approve, status change), `{_id}` (delete), `{user}` (login), the account (`me`), the free slots
 * (`HH:MM` strings), the stats, the contact info, an acknowledgement object whose fields the
 * contract leaves open (`result`), a list of such objects (`records`, beyond the spec), or, for
 * `document`, a raw document and no envelope at all; `csv`, a CSV file sent as an attachment.
 */
export type DataKind =
  | 'list'
  | 'object'
  | 'deleted'
  | 'login'
  | 'account'
  | 'slots'
  | 'stats'
  | 'contact'
  | 'result'
  | 'records'
  | 'document'
  | 'csv';

export interface ContractRow {
  method: ContractMethod;
  /** The path exactly as the spec writes it (a leading slash added where it has none). */
  path: string;
  /** The payload names exactly as listed; `name[]` for a list sent as repeated parts. */
  payload: readonly string[];
  payloadKind: PayloadKind;
  /** The multipart parts that are files (a real image). */
  files?: readonly string[];
  session: SessionNeeded;
  /** 200, or 201 for a create. */
  status: 200 | 201;
  data: DataKind;
  /** What the list or the object holds, or whose account it is. */
  entity?: ContractEntity;
  /** 'spec': a path of the spec; 'extra': beyond the spec; 'document': not an `/api/v1` envelope. */
  source: 'spec' | 'extra' | 'document';
  /** What the call does, as the end of the test's sentence. */
  does: string;
}

const SERVICE_FORM = ['image', 'name', 'price', 'duration', 'description', 'category'] as const;
const SPECIALIST_FORM = ['image', 'name', 'phone', 'email', 'availableDays[]', 'expertise[]', 'availableFrom', 'availableTo'] as const;
const DISCOUNT_FORM = ['image', 'title', 'percentage', 'description', 'validFrom', 'validTill', 'category[]'] as const;
/** "booking form values": the appointment booking payload, field by field. */
const BOOKING_FORM = ['firstName', 'lastName', 'email', 'phone', 'bookingDate', 'timeSlot', 'service', 'specialist'] as const;

export const CONTRACT_TABLE: readonly ContractRow[] = [
  // Authentication and account
  { method: 'POST', path: '/users/login', payload: ['email', 'password'], payloadKind: 'json', session: 'none', status: 200, data: 'login', entity: 'user', source: 'spec', does: 'logs a customer in and answers {user} without any password' },
  { method: 'POST', path: '/admin/login', payload: ['email', 'password'], payloadKind: 'json', session: 'none', status: 200, data: 'login', entity: 'admin', source: 'spec', does: 'logs the admin in and answers {user} without any password' },
  { method: 'POST', path: '/users/register', payload: ['avatar', 'fullName', 'email', 'password', 'phone'], payloadKind: 'multipart', files: ['avatar'], session: 'none', status: 201, data: 'account', entity: 'user', source: 'spec', does: 'signs a customer up from multipart fields and an avatar once the e-mailed code is verified' },
  { method: 'POST', path: '/users/logout', payload: [], payloadKind: 'none', session: 'customer', status: 200, data: 'result', source: 'spec', does: 'ends the customer session' },
  { method: 'POST', path: '/admin/logout', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'result', source: 'spec', does: 'ends the admin session' },
  { method: 'GET', path: '/users/me', payload: [], payloadKind: 'none', session: 'customer', status: 200, data: 'account', entity: 'user', source: 'spec', does: 'answers the signed-in customer’s account' },
  { method: 'GET', path: '/admin/me', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'account', entity: 'admin', source: 'spec', does: 'answers the signed-in admin’s account' },
  { method: 'PATCH', path: '/admin/update', payload: ['avatar', 'fullName', 'email', 'phone', 'secondaryPhone', 'address', 'latitude', 'longitude'], payloadKind: 'multipart', files: ['avatar'], session: 'admin', status: 200, data: 'account', entity: 'admin', source: 'spec', does: 'saves the admin profile from multipart fields and an avatar' },
  { method: 'POST', path: '/admin/change-password', payload: ['currentPassword', 'newPassword'], payloadKind: 'json', session: 'admin', status: 200, data: 'result', source: 'spec', does: 'changes the admin password' },
  { method: 'POST', path: '/users/forgot-password', payload: ['email'], payloadKind: 'json', session: 'none', status: 200, data: 'result', source: 'spec', does: 'e-mails a password reset link' },
  { method: 'POST', path: '/users/reset-password', payload: ['token', 'password'], payloadKind: 'json', session: 'none', status: 200, data: 'result', source: 'spec', does: 'sets a new password from a reset token' },
  { method: 'POST', path: '/otp/send-otp', payload: ['email'], payloadKind: 'json', session: 'none', status: 200, data: 'result', source: 'spec', does: 'e-mails a 4-digit sign-up code' },
  { method: 'POST', path: '/otp/verify-otp', payload: ['email', 'otp'], payloadKind: 'json', session: 'none', status: 200, data: 'result', source: 'spec', does: 'verifies the e-mailed code' },
  { method: 'POST', path: '/users/refresh-token', payload: [], payloadKind: 'none', session: 'customer', status: 200, data: 'result', source: 'spec', does: 'renews the customer session and sets its cookie again' },
  { method: 'POST', path: '/admin/refresh-token', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'result', source: 'spec', does: 'renews the admin session and sets its cookie again' },

  // Admin data
  { method: 'GET', path: '/admin/stats', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'stats', source: 'spec', does: 'answers the dashboard counts' },
  { method: 'GET', path: '/admin/bookings', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'list', entity: 'booking', source: 'spec', does: 'lists every booking' },
  { method: 'GET', path: '/admin/bookings?limit=5', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'list', entity: 'booking', source: 'spec', does: 'lists the five most recent bookings' },
  { method: 'PATCH', path: '/admin/bookings/{id}/status', payload: ['status'], payloadKind: 'json', session: 'admin', status: 200, data: 'object', entity: 'booking', source: 'spec', does: 'sets a booking’s status' },
  { method: 'DELETE', path: '/admin/bookings/{id}', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'deleted', source: 'spec', does: 'deletes a booking' },
  { method: 'POST', path: '/admin/services/', payload: SERVICE_FORM, payloadKind: 'multipart', files: ['image'], session: 'admin', status: 201, data: 'object', entity: 'service', source: 'spec', does: 'creates a service from multipart fields and an image' },
  { method: 'PATCH', path: '/admin/services/{id}', payload: SERVICE_FORM, payloadKind: 'multipart', files: ['image'], session: 'admin', status: 200, data: 'object', entity: 'service', source: 'spec', does: 'updates a service from multipart fields and an image' },
  { method: 'DELETE', path: '/admin/services/{id}', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'deleted', source: 'spec', does: 'deletes a service' },
  { method: 'POST', path: '/admin/specialists', payload: SPECIALIST_FORM, payloadKind: 'multipart', files: ['image'], session: 'admin', status: 201, data: 'object', entity: 'specialist', source: 'spec', does: 'creates a specialist from multipart fields, name[] lists and an image' },
  { method: 'PATCH', path: '/admin/specialists/{id}', payload: SPECIALIST_FORM, payloadKind: 'multipart', files: ['image'], session: 'admin', status: 200, data: 'object', entity: 'specialist', source: 'spec', does: 'updates a specialist from multipart fields, name[] lists and an image' },
  { method: 'DELETE', path: '/admin/specialists/{id}', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'deleted', source: 'spec', does: 'deletes a specialist' },
  { method: 'PATCH', path: '/admin/reviews/{id}/approve', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'object', entity: 'review', source: 'spec', does: 'approves a pending review' },
  { method: 'POST', path: '/admin/discounts/', payload: DISCOUNT_FORM, payloadKind: 'multipart', files: ['image'], session: 'admin', status: 201, data: 'object', entity: 'discount', source: 'spec', does: 'creates a discount from multipart fields, a category[] list and an image' },
  { method: 'PATCH', path: '/admin/discounts/{id}', payload: DISCOUNT_FORM, payloadKind: 'multipart', files: ['image'], session: 'admin', status: 200, data: 'object', entity: 'discount', source: 'spec', does: 'updates a discount from multipart fields, a category[] list and an image' },
  { method: 'DELETE', path: '/admin/discounts/{id}', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'deleted', source: 'spec', does: 'deletes a discount' },
  { method: 'GET', path: '/admin/discounts', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'list', entity: 'discount', source: 'spec', does: 'lists every discount, expired or not' },

  // Public data
  { method: 'GET', path: '/services', payload: [], payloadKind: 'none', session: 'none', status: 200, data: 'list', entity: 'service', source: 'spec', does: 'lists the services' },
  { method: 'GET', path: '/specialists', payload: [], payloadKind: 'none', session: 'none', status: 200, data: 'list', entity: 'specialist', source: 'spec', does: 'lists the specialists with their expertise' },
  { method: 'GET', path: '/reviews', payload: [], payloadKind: 'none', session: 'none', status: 200, data: 'list', entity: 'review', source: 'spec', does: 'lists the approved reviews' },
  { method: 'POST', path: '/reviews/{serviceId}', payload: ['service', 'rating', 'comment'], payloadKind: 'json', session: 'customer', status: 201, data: 'object', entity: 'review', source: 'spec', does: 'submits a review of a service, pending approval' },
  { method: 'DELETE', path: '/reviews/{id}', payload: [], payloadKind: 'none', session: 'author-or-admin', status: 200, data: 'deleted', source: 'spec', does: 'deletes a review for its author or an admin' },
  { method: 'GET', path: '/discounts', payload: [], payloadKind: 'none', session: 'none', status: 200, data: 'list', entity: 'discount', source: 'spec', does: 'lists the discounts that have not expired' },
  { method: 'GET', path: '/contact-info', payload: [], payloadKind: 'none', session: 'none', status: 200, data: 'contact', source: 'spec', does: 'answers the salon’s contact info with its location' },
  // The spec writes this one `users/appointment`, without the leading slash.
  { method: 'POST', path: '/users/appointment', payload: BOOKING_FORM, payloadKind: 'json', session: 'customer', status: 201, data: 'object', entity: 'booking', source: 'spec', does: 'books an appointment from the booking form values' },
  { method: 'GET', path: '/users/appointment/available-slots', payload: ['specialistId', 'bookingDate', 'serviceName'], payloadKind: 'query', session: 'none', status: 200, data: 'slots', source: 'spec', does: 'answers the free slots as HH:MM strings' },

  // Beyond the spec
  { method: 'GET', path: '/users/appointment', payload: [], payloadKind: 'none', session: 'customer', status: 200, data: 'list', entity: 'booking', source: 'extra', does: 'lists the customer’s own appointments' },
  { method: 'PATCH', path: '/users/appointment/{id}/cancel', payload: [], payloadKind: 'none', session: 'customer', status: 200, data: 'object', entity: 'booking', source: 'extra', does: 'cancels one of the customer’s own appointments' },
  { method: 'PATCH', path: '/users/me', payload: ['avatar', 'fullName', 'phone'], payloadKind: 'multipart', files: ['avatar'], session: 'customer', status: 200, data: 'account', entity: 'user', source: 'extra', does: 'saves the customer’s name, phone and picture (My account)' },
  { method: 'POST', path: '/users/change-password', payload: ['currentPassword', 'newPassword'], payloadKind: 'json', session: 'customer', status: 200, data: 'result', source: 'extra', does: 'changes the customer’s password, ending their other sessions' },
  { method: 'GET', path: '/users/me/export', payload: [], payloadKind: 'none', session: 'customer', status: 200, data: 'result', source: 'extra', does: 'answers everything the salon keeps about the customer (profile, bookings, reviews)' },
  { method: 'GET', path: '/users/me/reminder-mails', payload: [], payloadKind: 'none', session: 'customer', status: 200, data: 'result', source: 'extra', does: 'answers whether the customer gets reminders and review requests by e-mail' },
  { method: 'PUT', path: '/users/me/reminder-mails', payload: ['reminderMails'], payloadKind: 'json', session: 'customer', status: 200, data: 'result', source: 'extra', does: 'turns the customer’s reminders and review requests by e-mail on or off' },
  { method: 'POST', path: '/users/change-email/send-otp', payload: ['email'], payloadKind: 'json', session: 'customer', status: 200, data: 'result', source: 'extra', does: 'e-mails a 4-digit code to the customer’s new address' },
  { method: 'POST', path: '/users/change-email', payload: ['email', 'otp', 'currentPassword'], payloadKind: 'json', session: 'customer', status: 200, data: 'account', entity: 'user', source: 'extra', does: 'moves the customer’s account to the new address once its code and the current password are right' },
  { method: 'DELETE', path: '/users/me', payload: ['password'], payloadKind: 'json', session: 'customer', status: 200, data: 'result', source: 'extra', does: 'deletes the customer’s account once the password confirms it, and logs them out' },
  // The salon's day
  { method: 'GET', path: '/admin/calendar?from=YYYY-MM-DD&to=YYYY-MM-DD', payload: ['from', 'to'], payloadKind: 'query', session: 'admin', status: 200, data: 'result', source: 'extra', does: 'answers the bookings, time off, closures and hours of up to 31 days' },
  { method: 'GET', path: '/admin/specialists/{id}/schedule', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'result', source: 'extra', does: 'answers a specialist’s weekly hours' },
  { method: 'PUT', path: '/admin/specialists/{id}/schedule', payload: ['days'], payloadKind: 'json', session: 'admin', status: 200, data: 'result', source: 'extra', does: 'replaces a specialist’s weekly hours and breaks' },
  { method: 'GET', path: '/admin/specialists/{id}/time-off', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'records', source: 'extra', does: 'lists a specialist’s time off from today on' },
  { method: 'POST', path: '/admin/specialists/{id}/time-off', payload: ['startsAt', 'endsAt', 'reason'], payloadKind: 'json', session: 'admin', status: 201, data: 'result', source: 'extra', does: 'adds time off and lists the bookings it overlaps' },
  { method: 'DELETE', path: '/admin/specialists/{id}/time-off/{timeOffId}', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'deleted', source: 'extra', does: 'removes time off' },
  { method: 'GET', path: '/admin/closures', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'records', source: 'extra', does: 'lists the salon’s closed days from today on' },
  { method: 'POST', path: '/admin/closures', payload: ['date', 'reason'], payloadKind: 'json', session: 'admin', status: 201, data: 'result', source: 'extra', does: 'closes the salon for a day and lists the bookings on it' },
  { method: 'DELETE', path: '/admin/closures/{id}', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'deleted', source: 'extra', does: 'reopens a closed day' },
  // The salon's opening hours
  { method: 'GET', path: '/opening-hours', payload: [], payloadKind: 'none', session: 'none', status: 200, data: 'result', source: 'extra', does: 'answers the salon’s opening hours per weekday' },
  { method: 'GET', path: '/admin/opening-hours', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'result', source: 'extra', does: 'answers the salon’s opening hours and whether they were saved' },
  { method: 'PUT', path: '/admin/opening-hours', payload: ['days'], payloadKind: 'json', session: 'admin', status: 200, data: 'result', source: 'extra', does: 'replaces the salon’s opening hours and lists the bookings outside them' },
  { method: 'POST', path: '/admin/bookings', payload: ['firstName', 'lastName', 'phone', 'email', 'bookingDate', 'timeSlot', 'service', 'specialist'], payloadKind: 'json', session: 'admin', status: 201, data: 'object', entity: 'booking', source: 'extra', does: 'books for a customer who phoned or walked in' },
  { method: 'PATCH', path: '/admin/bookings/{id}', payload: ['bookingDate', 'timeSlot', 'specialist'], payloadKind: 'json', session: 'admin', status: 200, data: 'object', entity: 'booking', source: 'extra', does: 'moves a booking to another time or specialist' },
  { method: 'PATCH', path: '/users/appointment/{id}', payload: ['bookingDate', 'timeSlot', 'specialist'], payloadKind: 'json', session: 'customer', status: 200, data: 'object', entity: 'booking', source: 'extra', does: 'moves one of the customer’s own appointments' },
  // The customer book
  { method: 'GET', path: '/admin/customers?search=&page=1&limit=20', payload: ['search', 'page', 'limit'], payloadKind: 'query', session: 'admin', status: 200, data: 'records', source: 'extra', does: 'lists a page of the customer book with the number of matches in meta.total' },
  { method: 'GET', path: '/admin/customers/{id}', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'result', source: 'extra', does: 'answers a customer’s record with bookings, reviews, total spent, no-shows and notes' },
  { method: 'PATCH', path: '/admin/customers/{id}', payload: ['notes'], payloadKind: 'json', session: 'admin', status: 200, data: 'result', source: 'extra', does: 'saves the salon’s private notes on a customer' },
  // Messages and webhooks
  { method: 'GET', path: '/admin/messages?page=1&limit=20&status=failed', payload: ['page', 'limit', 'status'], payloadKind: 'query', session: 'admin', status: 200, data: 'result', source: 'extra', does: 'lists the outbox’s messages, newest first, with counts by status' },
  { method: 'POST', path: '/admin/messages/{id}/resend', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'result', source: 'extra', does: 'sends a failed message again' },
  { method: 'GET', path: '/admin/webhooks', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'records', source: 'extra', does: 'lists the webhook endpoints with their latest delivery' },
  { method: 'POST', path: '/admin/webhooks', payload: ['url', 'events'], payloadKind: 'json', session: 'admin', status: 201, data: 'result', source: 'extra', does: 'adds a webhook endpoint and answers its secret once' },
  { method: 'DELETE', path: '/admin/webhooks/{id}', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'deleted', source: 'extra', does: 'removes a webhook endpoint' },
  { method: 'POST', path: '/admin/webhooks/{id}/test', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'result', source: 'extra', does: 'queues a test event to a webhook endpoint' },
  { method: 'GET', path: '/admin/notifications', payload: [], payloadKind: 'none', session: 'admin', status: 200, data: 'result', source: 'extra', does: 'answers the salon’s notification switch and message settings' },
  { method: 'PUT', path: '/admin/notifications', payload: ['notifyBookings'], payloadKind: 'json', session: 'admin', status: 200, data: 'result', source: 'extra', does: 'turns the salon’s booking notices on or off' },
  // Reports
  { method: 'GET', path: '/admin/reports?from=2026-11-01&to=2026-11-30', payload: ['from', 'to'], payloadKind: 'query', session: 'admin', status: 200, data: 'result', source: 'extra', does: 'answers the salon’s report for a period' },
  { method: 'GET', path: '/admin/reports/bookings.csv?from=2026-11-01&to=2026-11-30', payload: ['from', 'to'], payloadKind: 'query', session: 'admin', status: 200, data: 'csv', source: 'extra', does: 'sends the period’s bookings as a CSV file' },
  { method: 'GET', path: '/admin/reports/services.csv?from=2026-11-01&to=2026-11-30', payload: ['from', 'to'], payloadKind: 'query', session: 'admin', status: 200, data: 'csv', source: 'extra', does: 'sends the period’s takings per service as a CSV file' },
  { method: 'GET', path: '/admin/reports/specialists.csv?from=2026-11-01&to=2026-11-30', payload: ['from', 'to'], payloadKind: 'query', session: 'admin', status: 200, data: 'csv', source: 'extra', does: 'sends the period’s figures per specialist as a CSV file' },
  { method: 'GET', path: '/openapi.json', payload: [], payloadKind: 'none', session: 'none', status: 200, data: 'document', source: 'document', does: 'answers the OpenAPI 3.1 document' },
];

/** A row's name in messages and as the key of its request: `POST /admin/services/`. */
export const rowName = (row: Pick<ContractRow, 'method' | 'path'>): string => `${row.method} ${row.path}`;

/**
 * The route a path reaches, to compare spec text with registered routes: query and trailing
 * slash dropped (paths match either way), every parameter (`{id}`, `:id`) written `:param`.
 */
export function routeKey(method: string, path: string): string {
  const bare = path.split('?')[0] ?? '';
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  const trimmed = withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
  return `${method.toUpperCase()} ${trimmed.replace(/\/(\{[^}/]+\}|:[^/]+)/g, '/:param')}`;
}
