import { CANCEL_CUTOFF_TEXT } from '@/shared/bookings';
import { SALON_NAME } from '@/shared/constants';
import { formatPrice } from '@/shared/money';
import { receiptRows, type ReceiptFacts } from '@/shared/receipt';
import { formatClock, formatDayWithWeekday } from '@/shared/time-format';
import type { BookingChange } from '@/server/domain/bookings';

/** What a builder gives the mailer: the same words as plain text and as HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every interpolated value goes through this: names and links come from users and requests. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const FOOTER_NOTE = 'You received this e-mail because someone used this address on our website.';
const ACCENT = '#b03a62';

/**
 * The HTML frame of every message. Inline styles and tables, because many mail clients drop
 * <style> blocks and ignore modern layout.
 */
function layout(title: string, paragraphs: string[]): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f7f1f3;font-family:Helvetica,Arial,sans-serif;color:#2d2327;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f1f3;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;">
<tr><td style="padding:24px 32px;border-bottom:1px solid #eadde2;">
<h1 style="margin:0;font-size:22px;font-weight:600;color:${ACCENT};">${escapeHtml(SALON_NAME)}</h1>
</td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.6;">
${paragraphs.join('\n')}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #eadde2;font-size:12px;color:#8a7a80;">
${escapeHtml(SALON_NAME)}. ${escapeHtml(FOOTER_NOTE)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** Takes HTML: callers escape what they interpolate. */
const paragraph = (html: string) => `<p style="margin:0 0 16px;">${html}</p>`;

/** A button, and the same link spelled out for clients that block styled links. */
const linkButton = (label: string, link: string) => {
  const href = escapeHtml(link);
  return [
    `<p style="margin:0 0 16px;"><a href="${href}" style="display:inline-block;padding:12px 24px;background:${ACCENT};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;">${escapeHtml(label)}</a></p>`,
    paragraph(
      `Or copy this link into your browser:<br><a href="${href}" style="color:${ACCENT};word-break:break-all;">${href}</a>`,
    ),
  ].join('\n');
};

/** Lines of the text part; short lines, and links alone on theirs so clients link all of it. */
const textBody = (lines: string[]) => [...lines, '', '-- ', SALON_NAME, FOOTER_NOTE].join('\n');

/** The one-time code a customer types to verify their e-mail address. */
export function otpMail(code: string): MailContent {
  const subject = 'Your verification code';
  const text = textBody([
    `Your ${SALON_NAME} verification code is: ${code}`,
    '',
    'The code is valid for 10 minutes.',
    '',
    'If you did not ask for this code, you can ignore this e-mail.',
  ]);
  const html = layout(subject, [
    paragraph(`Your ${escapeHtml(SALON_NAME)} verification code is:`),
    `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;">${escapeHtml(code)}</p>`,
    paragraph('The code is valid for 10 minutes.'),
    paragraph('If you did not ask for this code, you can ignore this e-mail.'),
  ]);
  return { subject, text, html };
}

/** The link that lets an account holder choose a new password. */
export function passwordResetMail(link: string, fullName: string): MailContent {
  const subject = 'Reset your password';
  const text = textBody([
    `Hello ${fullName},`,
    '',
    `To choose a new password for your ${SALON_NAME} account,`,
    'open this link:',
    '',
    link,
    '',
    'The link is valid for 1 hour and works once.',
    '',
    'If you did not ask to reset your password, you can ignore this e-mail;',
    'your password stays the same.',
  ]);
  const html = layout(subject, [
    paragraph(`Hello ${escapeHtml(fullName)},`),
    paragraph(`To choose a new password for your ${escapeHtml(SALON_NAME)} account, open this link:`),
    linkButton('Reset password', link),
    paragraph('The link is valid for 1 hour and works once.'),
    paragraph('If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.'),
  ]);
  return { subject, text, html };
}

/**
 * A time offered from the waitlist: what, when, until when it is held for them alone, and the link
 * that books it. `when` and `heldUntil` are already worded in the salon's time zone.
 */
export function waitlistOfferMail(offer: {
  fullName: string;
  lines: readonly string[];
  when: string;
  heldUntil: string;
  link: string;
}): MailContent {
  const subject = `A time came free: ${offer.when}`;
  const text = textBody([
    `Hello ${offer.fullName},`,
    '',
    `A time you were waiting for at ${SALON_NAME} came free: ${offer.when}.`,
    '',
    ...offer.lines,
    '',
    `It is held for you alone until ${offer.heldUntil}. To book it, open this link:`,
    '',
    offer.link,
    '',
    'If it does not suit you, do nothing: the hold ends and you stay on the waitlist.',
  ]);
  const html = layout(subject, [
    paragraph(`Hello ${escapeHtml(offer.fullName)},`),
    paragraph(
      `A time you were waiting for at ${escapeHtml(SALON_NAME)} came free: <strong>${escapeHtml(offer.when)}</strong>.`,
    ),
    ...offer.lines.map((line) => paragraph(escapeHtml(line))),
    paragraph(`It is held for you alone until ${escapeHtml(offer.heldUntil)}.`),
    linkButton('Book this time', offer.link),
    paragraph('If it does not suit you, do nothing: the hold ends and you stay on the waitlist.'),
  ]);
  return { subject, text, html };
}

const NUDGE_UNSUBSCRIBE_TEXT =
  'Rather not get these suggestions to book again? Unsubscribe (reminders of your appointments still come):';

/**
 * A nudge to rebook (README "Nudges to rebook"): `weeks` after a visit for the service, with the
 * link to the booking form with it (and its specialist) chosen, and how to turn these off.
 */
export function rebookNudgeMail(nudge: {
  fullName: string;
  serviceName: string;
  specialistName: string | null;
  weeks: number;
  bookLink: string;
  unsubscribeLink: string;
}): MailContent {
  const subject = `Time for your next ${nudge.serviceName}?`;
  const since = `It has been about ${String(nudge.weeks)} ${nudge.weeks === 1 ? 'week' : 'weeks'} since your ${nudge.serviceName}${nudge.specialistName === null ? '' : ` with ${nudge.specialistName}`} at ${SALON_NAME}, which is when the salon suggests having it again.`;
  const ask =
    nudge.specialistName === null
      ? 'Book your next one in a minute; the form opens with the service chosen:'
      : `Book your next one in a minute; the form opens with the service and ${nudge.specialistName} chosen:`;
  const text = textBody([
    `Hello ${nudge.fullName},`,
    '',
    since,
    '',
    ask,
    nudge.bookLink,
    '',
    '--',
    NUDGE_UNSUBSCRIBE_TEXT,
    nudge.unsubscribeLink,
  ]);
  const html = layout(subject, [
    paragraph(`Hello ${escapeHtml(nudge.fullName)},`),
    paragraph(escapeHtml(since)),
    paragraph(escapeHtml(ask)),
    linkButton('Book again', nudge.bookLink),
    `<p style="margin:24px 0 0;font-size:12px;color:#7a6a70;">${escapeHtml(NUDGE_UNSUBSCRIBE_TEXT)} <a href="${escapeHtml(nudge.unsubscribeLink)}" style="color:#7a6a70;">Unsubscribe</a></p>`,
  ]);
  return { subject, text, html };
}

/** A new member of staff's invitation: the link to choose a password for the back office. */
export function staffInviteMail(invite: {
  link: string;
  fullName: string;
  role: string;
  invitedBy: string;
}): MailContent {
  const subject = `You are invited to ${SALON_NAME}'s back office`;
  const text = textBody([
    `Hello ${invite.fullName},`,
    '',
    `${invite.invitedBy} has made you a back-office account at ${SALON_NAME}, as ${invite.role}.`,
    'To choose your password, open this link:',
    '',
    invite.link,
    '',
    'The link is valid for 72 hours and works once. Then sign in at the back office with this e-mail.',
  ]);
  const html = layout(subject, [
    paragraph(`Hello ${escapeHtml(invite.fullName)},`),
    paragraph(
      `${escapeHtml(invite.invitedBy)} has made you a back-office account at ${escapeHtml(SALON_NAME)}, as ${escapeHtml(invite.role)}.`,
    ),
    linkButton('Choose your password', invite.link),
    paragraph('The link is valid for 72 hours and works once. Then sign in at the back office with this e-mail.'),
  ]);
  return { subject, text, html };
}

/**
 * Sent instead of a verification code when someone signs up with an address that already has an
 * account: the owner learns how to get in, and the sign-up form reveals nothing to a stranger.
 */
export function accountExistsMail(loginLink: string): MailContent {
  const subject = 'You already have an account';
  const text = textBody([
    `Someone, hopefully you, tried to create a ${SALON_NAME} account`,
    'with this e-mail address. You already have an account, so you can',
    'simply log in:',
    '',
    loginLink,
    '',
    'Forgot your password? Use "Forgot password" on the login page.',
    '',
    'If this was not you, you can ignore this e-mail; nothing has changed.',
  ]);
  const html = layout(subject, [
    paragraph(
      `Someone, hopefully you, tried to create a ${escapeHtml(SALON_NAME)} account with this e-mail address. ` +
        'You already have an account, so you can simply log in:',
    ),
    linkButton('Log in', loginLink),
    paragraph('Forgot your password? Use &quot;Forgot password&quot; on the login page.'),
    paragraph('If this was not you, you can ignore this e-mail; nothing has changed.'),
  ]);
  return { subject, text, html };
}

/** The code a customer types in My account to move their account to this (new) address. */
export function emailChangeCodeMail(code: string): MailContent {
  const subject = 'Confirm your new e-mail address';
  const text = textBody([
    `Your ${SALON_NAME} code to change your e-mail address is: ${code}`,
    '',
    'Type it in My account to use this address from now on.',
    'The code is valid for 10 minutes.',
    '',
    'If you did not ask for this, you can ignore this e-mail; nothing changes.',
  ]);
  const html = layout(subject, [
    paragraph(`Your ${escapeHtml(SALON_NAME)} code to change your e-mail address is:`),
    `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;">${escapeHtml(code)}</p>`,
    paragraph('Type it in My account to use this address from now on. The code is valid for 10 minutes.'),
    paragraph('If you did not ask for this, you can ignore this e-mail; nothing changes.'),
  ]);
  return { subject, text, html };
}

/**
 * Sent to the old address once an account moved to another: the owner learns of a change they did
 * not make. The new address is shown masked (`n***@example.com`), enough to recognise their own.
 */
export function emailChangedMail(maskedNewEmail: string, contactLink: string): MailContent {
  const subject = 'Your e-mail address was changed';
  const text = textBody([
    `The e-mail address of your ${SALON_NAME} account was changed to ${maskedNewEmail}.`,
    'From now on you log in with the new address, and our e-mails go there.',
    '',
    'If you did not make this change, please contact the salon at once:',
    '',
    contactLink,
  ]);
  const html = layout(subject, [
    paragraph(
      `The e-mail address of your ${escapeHtml(SALON_NAME)} account was changed to <strong>${escapeHtml(maskedNewEmail)}</strong>. ` +
        'From now on you log in with the new address, and our e-mails go there.',
    ),
    paragraph('If you did not make this change, please contact the salon at once.'),
    linkButton('Contact the salon', contactLink),
  ]);
  return { subject, text, html };
}

/**
 * What a booking mail tells: the booking as booked, in the salon's time zone. Its day and times are
 * written as the app writes them everywhere (src/shared/time-format): "Tuesday 01/12/2026", "2:30 PM".
 */
export interface BookingMailDetails {
  firstName: string;
  serviceName: string;
  specialistName: string;
  /** `YYYY-MM-DD`, salon time. */
  day: string;
  /** `HH:MM`, 24-hour, salon time. */
  time: string;
  price: number;
  /** The salon's IANA time zone, named next to the time. */
  timeZone: string;
  /** The salon's address, when it has published one. */
  address?: string | undefined;
  /**
   * A visit of several services: each in order with its own start (`HH:MM`). Then `serviceName`
   * and `specialistName` name them all, and `price` is the visit's.
   */
  items?: { serviceName: string; specialistName: string; time: string }[] | undefined;
}

/** Dollars, cents only when there are some: "$25", "$35.50". */
const dollars = (price: number) => `$${Number.isInteger(price) ? String(price) : price.toFixed(2)}`;

/** A visit's items, one line each: "10:00 AM Colour with Anna". */
export const visitItemLines = (items: NonNullable<BookingMailDetails['items']>): string[] =>
  items.map((item) => `${formatClock(item.time)} ${item.serviceName} with ${item.specialistName}`);

const bookingFacts = (details: BookingMailDetails): [string, string][] => [
  ...(details.items
    ? visitItemLines(details.items).map((line, index): [string, string] => [index === 0 ? 'Services' : '', line])
    : [
        ['Service', details.serviceName] as [string, string],
        ['Specialist', details.specialistName] as [string, string],
      ]),
  ['Date', formatDayWithWeekday(details.day)],
  ['Time', `${formatClock(details.time)} (${details.timeZone} time)`],
  ['Price', dollars(details.price)],
  ...(details.address ? [['Where', details.address] as [string, string]] : []),
];

// A row without a label goes on under the one above it (a visit's later items).
const factLines = (details: BookingMailDetails) =>
  bookingFacts(details).map(([label, value]) => (label === '' ? `  ${value}` : `${label}: ${value}`));

/** Label and value rows, as a table mail clients render alike. */
const rowsTable = (rows: [string, string][]) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#8a7a80;">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600;">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;

const factTable = (details: BookingMailDetails) => rowsTable(bookingFacts(details));

/** Sent when a customer books: what, with whom and when; the calendar invitation is attached by the caller. */
export function bookingConfirmationMail(details: BookingMailDetails): MailContent {
  const subject = `Booking received: ${details.serviceName} on ${formatDayWithWeekday(details.day)}`;
  const intro = `Thank you for booking with ${SALON_NAME}. We have your booking:`;
  const after = [
    'The attached invitation adds the appointment to your calendar.',
    `If your plans change, you can cancel it on our website up to ${CANCEL_CUTOFF_TEXT} before it starts.`,
  ];
  const text = textBody([`Hello ${details.firstName},`, '', intro, '', ...factLines(details), '', ...after]);
  const html = layout(subject, [
    paragraph(`Hello ${escapeHtml(details.firstName)},`),
    paragraph(escapeHtml(intro)),
    factTable(details),
    ...after.map((line) => paragraph(escapeHtml(line))),
  ]);
  return { subject, text, html };
}

/** What each change tells the customer. */
const CHANGE_WORDS: Record<BookingChange, { subject: string; intro: string; after: string }> = {
  confirmed: {
    subject: 'Booking confirmed',
    intro: 'Good news: the salon has confirmed your booking.',
    after: 'We look forward to seeing you.',
  },
  rescheduled: {
    subject: 'Booking moved',
    intro: 'Your booking has been moved. This is the new time:',
    after: `The attached invitation updates the appointment in your calendar. You can still move or cancel it on our website up to ${CANCEL_CUTOFF_TEXT} before it starts.`,
  },
  'cancelled-by-salon': {
    subject: 'Booking cancelled',
    intro: 'We are sorry: the salon has had to cancel your booking.',
    after: 'Please book another time on our website, or contact the salon if you have questions.',
  },
  'cancelled-by-customer': {
    subject: 'Booking cancelled',
    intro: 'Your booking has been cancelled, as you asked.',
    after: 'We hope to see you another time.',
  },
};

/** Sent when an admin confirms, moves or cancels a booking, or the customer moves or cancels it. */
export function bookingStatusMail(details: BookingMailDetails, change: BookingChange): MailContent {
  const words = CHANGE_WORDS[change];
  const subject = `${words.subject}: ${details.serviceName} on ${formatDayWithWeekday(details.day)}`;
  const text = textBody([`Hello ${details.firstName},`, '', words.intro, '', ...factLines(details), '', words.after]);
  const html = layout(subject, [
    paragraph(`Hello ${escapeHtml(details.firstName)},`),
    paragraph(escapeHtml(words.intro)),
    factTable(details),
    paragraph(escapeHtml(words.after)),
  ]);
  return { subject, text, html };
}

/** "2:30 PM on Tuesday 01/12/2026": the moment a reminder or notice names. */
const whenText = (details: BookingMailDetails) =>
  `${formatClock(details.time)} on ${formatDayWithWeekday(details.day)}`;

/** Sent REMINDER_HOURS before an open booking, with the way to move or cancel it. */
const UNSUBSCRIBE_TEXT = 'Rather not get reminders and review requests by e-mail? Unsubscribe:';

/** The last lines of a reminder or a review request: how to turn them off (absent in rows written before they could be). */
function unsubscribeFooter(link: string | undefined): { text: string[]; html: string[] } {
  if (link === undefined) return { text: [], html: [] };
  return {
    text: ['', '--', UNSUBSCRIBE_TEXT, link],
    html: [
      `<p style="margin:24px 0 0;font-size:12px;color:#7a6a70;">${escapeHtml(UNSUBSCRIBE_TEXT)} <a href="${escapeHtml(link)}" style="color:#7a6a70;">Unsubscribe</a></p>`,
    ],
  };
}

export function bookingReminderMail(
  details: BookingMailDetails,
  appointmentsLink: string,
  unsubscribeLink?: string,
): MailContent {
  const subject = `Reminder: ${details.serviceName} at ${whenText(details)}`;
  const intro = `A reminder of your appointment at ${SALON_NAME}:`;
  const change = `Need to change it? You can reschedule or cancel it in My appointments up to ${CANCEL_CUTOFF_TEXT} before it starts:`;
  const footer = unsubscribeFooter(unsubscribeLink);
  const text = textBody([
    `Hello ${details.firstName},`,
    '',
    intro,
    '',
    ...factLines(details),
    '',
    change,
    appointmentsLink,
    '',
    'See you soon.',
    ...footer.text,
  ]);
  const html = layout(subject, [
    paragraph(`Hello ${escapeHtml(details.firstName)},`),
    paragraph(escapeHtml(intro)),
    factTable(details),
    paragraph(escapeHtml(change)),
    linkButton('My appointments', appointmentsLink),
    paragraph('See you soon.'),
    ...footer.html,
  ]);
  return { subject, text, html };
}

/** Sent a while after a booking is completed: a link to the review form of that service. */
export function reviewRequestMail(
  details: BookingMailDetails,
  reviewLink: string,
  unsubscribeLink?: string,
): MailContent {
  const subject = `How was your ${details.serviceName}?`;
  const intro = `Thank you for visiting ${SALON_NAME}. We hope you enjoyed your ${details.serviceName} with ${details.specialistName}.`;
  const ask = 'Would you tell other customers how it went? It takes a minute:';
  const footer = unsubscribeFooter(unsubscribeLink);
  const text = textBody([`Hello ${details.firstName},`, '', intro, '', ask, reviewLink, ...footer.text]);
  const html = layout(subject, [
    paragraph(`Hello ${escapeHtml(details.firstName)},`),
    paragraph(escapeHtml(intro)),
    paragraph(escapeHtml(ask)),
    linkButton('Write a review', reviewLink),
    ...footer.html,
  ]);
  return { subject, text, html };
}

/** What the salon is told of. */
export type SalonNoticeChange = 'created' | 'rescheduled' | 'cancelled';

const SALON_NOTICE_WORDS: Record<SalonNoticeChange, { subject: string; intro: string }> = {
  created: { subject: 'New booking', intro: 'A new booking has been made:' },
  rescheduled: { subject: 'Booking moved', intro: 'A booking has been moved. The new time:' },
  cancelled: { subject: 'Booking cancelled', intro: 'A booking has been cancelled; its time is free again:' },
};

/** The salon's own copy of a new, moved or cancelled booking, to its contact e-mail. */
export function salonNoticeMail(
  details: BookingMailDetails,
  change: SalonNoticeChange,
  customer: { name: string; email: string; phone: string },
  calendarLink: string,
): MailContent {
  const words = SALON_NOTICE_WORDS[change];
  const subject = `${words.subject}: ${customer.name}, ${details.serviceName} at ${whenText(details)}`;
  const who: [string, string][] = [
    ['Customer', customer.name],
    ...(customer.email ? [['E-mail', customer.email] as [string, string]] : []),
    ...(customer.phone ? [['Phone', customer.phone] as [string, string]] : []),
  ];
  const text = [
    words.intro,
    '',
    ...who.map(([label, value]) => `${label}: ${value}`),
    ...factLines(details),
    '',
    'In the calendar:',
    calendarLink,
  ].join('\n');
  const html = layout(subject, [
    paragraph(escapeHtml(words.intro)),
    rowsTable(who),
    factTable(details),
    linkButton('Open the calendar', calendarLink),
  ]);
  return { subject, text, html };
}

/** A gift voucher by e-mail (README "Gift vouchers"): its code, value and last day. */
export function giftVoucherMail(voucher: {
  code: string;
  value: number;
  expiresOn: string;
  recipientName: string | null;
  buyerName: string | null;
}): MailContent {
  const value = formatPrice(voucher.value);
  const subject = `Your ${SALON_NAME} gift voucher: ${value}`;
  const greeting = voucher.recipientName === null ? 'Hello,' : `Hello ${voucher.recipientName},`;
  const from = voucher.buyerName === null ? '' : ` from ${voucher.buyerName}`;
  const lines = [
    `Here is a ${SALON_NAME} gift voucher worth ${value}${from}.`,
    `Code: ${voucher.code}`,
    `Valid until ${voucher.expiresOn}. Show the code when you pay; what you do not spend at once stays on it.`,
  ];
  const text = textBody([greeting, '', ...lines]);
  const html = layout(subject, [
    paragraph(escapeHtml(greeting)),
    paragraph(escapeHtml(lines[0] ?? '')),
    `<p style="margin:0 0 16px;font-size:24px;font-weight:700;letter-spacing:2px;font-family:monospace;">${escapeHtml(voucher.code)}</p>`,
    paragraph(escapeHtml(lines[2] ?? '')),
  ]);
  return { subject, text, html };
}

/** A sale's receipt by e-mail. */
export function receiptMail(receipt: ReceiptFacts): MailContent {
  const subject = `Your receipt from ${SALON_NAME} (no. ${String(receipt.number)})`;
  const rows = receiptRows(receipt);
  const width = Math.max(...rows.map((row) => row.label.length)) + 2;
  const heading = `Receipt no. ${String(receipt.number)}, ${receipt.when}`;
  const thanks = `Thank you for your visit${receipt.customerName === null ? '' : `, ${receipt.customerName}`}. Served by ${receipt.takenBy}.`;
  const text = textBody([
    heading,
    '',
    ...rows.map((row) => `${row.label.padEnd(width)}${row.amount.padStart(12)}`),
    '',
    thanks,
  ]);
  const table = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">${rows
    .map(
      (row) =>
        `<tr><td style="padding:4px 0;border-bottom:1px solid #eadde2;${row.strong ? 'font-weight:700;' : ''}">${escapeHtml(row.label)}</td><td align="right" style="padding:4px 0;border-bottom:1px solid #eadde2;${row.strong ? 'font-weight:700;' : ''}">${escapeHtml(row.amount)}</td></tr>`,
    )
    .join('')}</table>`;
  const html = layout(subject, [
    paragraph(`<strong>${escapeHtml(heading)}</strong>`),
    table,
    paragraph(escapeHtml(thanks)),
  ]);
  return { subject, text, html };
}
