// What an outbox mail row holds (`payload`): which template and its facts, as JSON. The message
// itself is written from it when it is sent (compose), so a row is small and a retry sends the
// same words. The facts are a snapshot taken in the transaction that wrote the row.
import { SALON_NAME } from '@/shared/constants';
import type { ReceiptFacts } from '@/shared/receipt';
import type { MessageKind } from '@/shared/schemas/messages';
import type { BookingStatus } from '@/shared/constants';
import type { BookingChange } from '@/server/domain/bookings';
import { bookingEventUid, calendarInvite } from '@/server/mail/ics';
import type { MailMessage } from '@/server/mail/mailer';
import {
  accountExistsMail,
  bookingConfirmationMail,
  bookingReminderMail,
  bookingStatusMail,
  emailChangeCodeMail,
  emailChangedMail,
  otpMail,
  passwordResetMail,
  staffInviteMail,
  waitlistOfferMail,
  giftVoucherMail,
  receiptMail,
  rebookNudgeMail,
  reviewRequestMail,
  salonNoticeMail,
  visitItemLines,
  type BookingMailDetails,
  type SalonNoticeChange,
} from '@/server/mail/templates';

/** A booking as its mails tell it, serialisable (instants as epoch milliseconds). */
export interface BookingMailFacts {
  id: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  serviceId: string;
  startsAt: number;
  /** The end of the service itself (the buffer after it is the salon's, not the customer's). */
  endsAt: number;
  /** The invitation's SEQUENCE: raised by every reschedule. */
  sequence: number;
  /** The booking's status when the mail was written (absent in rows written before it was kept). */
  status?: BookingStatus;
  salonEmail: string | undefined;
  details: BookingMailDetails;
}

export type MailJob =
  | { template: 'signup-code'; code: string }
  | { template: 'account-exists'; loginLink: string }
  | { template: 'email-change-code'; code: string }
  | { template: 'email-changed'; maskedNewEmail: string; contactLink: string }
  | { template: 'password-reset'; link: string; fullName: string }
  | { template: 'staff-invite'; link: string; fullName: string; role: string; invitedBy: string }
  | { template: 'booking'; change: 'created' | BookingChange; booking: BookingMailFacts }
  // `unsubscribeLink` is absent in rows written before reminder e-mails could be turned off.
  | { template: 'reminder'; booking: BookingMailFacts; appointmentsLink: string; unsubscribeLink?: string }
  | { template: 'review-request'; booking: BookingMailFacts; reviewLink: string; unsubscribeLink?: string }
  | { template: 'salon-notice'; change: SalonNoticeChange; booking: BookingMailFacts; calendarLink: string }
  | { template: 'waitlist-offer'; fullName: string; lines: string[]; when: string; heldUntil: string; link: string }
  | { template: 'receipt'; receipt: ReceiptFacts }
  | {
      template: 'gift-voucher';
      code: string;
      value: number;
      expiresOn: string;
      recipientName: string | null;
      buyerName: string | null;
    }
  | {
      template: 'rebook-nudge';
      fullName: string;
      serviceName: string;
      /** Null: the specialist has left or no longer offers it, and the link chooses the service only. */
      specialistName: string | null;
      weeks: number;
      bookLink: string;
      unsubscribeLink: string;
    };

/** The name the Messages view gives a mail job. */
export function kindOfMail(job: MailJob): MessageKind {
  switch (job.template) {
    case 'booking':
      return job.change === 'created'
        ? 'booking-created'
        : job.change === 'confirmed'
          ? 'booking-confirmed'
          : job.change === 'rescheduled'
            ? 'booking-rescheduled'
            : 'booking-cancelled';
    default:
      return job.template;
  }
}

/**
 * The booking as a calendar event: REQUEST adds it or, with a higher SEQUENCE after a reschedule,
 * updates it; CANCEL (same UID, a sequence above the last REQUEST's) removes it.
 */
function invitation(
  booking: BookingMailFacts,
  method: 'REQUEST' | 'CANCEL',
): NonNullable<MailMessage['attachments']>[number] {
  const { details } = booking;
  const content = calendarInvite({
    method,
    // Until the salon confirms, the customer's calendar shows the time as tentative.
    tentative: booking.status === 'pending',
    sequence: method === 'CANCEL' ? booking.sequence + 1 : booking.sequence,
    uid: bookingEventUid(booking.id),
    start: new Date(booking.startsAt),
    end: new Date(booking.endsAt),
    summary: `${details.serviceName} with ${details.specialistName} at ${SALON_NAME}`,
    location: details.address ?? SALON_NAME,
    description: details.items
      ? visitItemLines(details.items).join('\n')
      : `${details.serviceName} with ${details.specialistName}.`,
    organizer: booking.salonEmail ? { name: SALON_NAME, email: booking.salonEmail } : undefined,
    attendee: { name: booking.customerName, email: booking.customerEmail },
    productName: SALON_NAME,
  });
  return {
    filename: method === 'CANCEL' ? 'cancelled-booking.ics' : 'booking.ics',
    content,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/**
 * RFC 8058's one-click unsubscribe: a mail provider's "Unsubscribe" button POSTs to the link, which
 * turns the customer's reminder e-mails (or a nudge's, the nudges) off (large providers require it
 * of automated mail).
 */
function oneClickUnsubscribe(link: string | undefined): MailMessage['headers'] {
  if (link === undefined) return undefined;
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The message a job's row sends to `to`. */
export function composeMail(to: string, job: MailJob): MailMessage {
  switch (job.template) {
    case 'signup-code':
      return { to, ...otpMail(job.code) };
    case 'account-exists':
      return { to, ...accountExistsMail(job.loginLink) };
    case 'email-change-code':
      return { to, ...emailChangeCodeMail(job.code) };
    case 'email-changed':
      return { to, ...emailChangedMail(job.maskedNewEmail, job.contactLink) };
    case 'password-reset':
      return { to, ...passwordResetMail(job.link, job.fullName) };
    case 'staff-invite':
      return { to, ...staffInviteMail(job) };
    case 'waitlist-offer':
      return { to, ...waitlistOfferMail(job) };
    case 'receipt':
      return { to, ...receiptMail(job.receipt) };
    case 'gift-voucher':
      return { to, ...giftVoucherMail(job) };
    case 'rebook-nudge':
      return { to, ...rebookNudgeMail(job), headers: oneClickUnsubscribe(job.unsubscribeLink) };
    case 'booking': {
      if (job.change === 'created') {
        return {
          to,
          ...bookingConfirmationMail(job.booking.details),
          attachments: [invitation(job.booking, 'REQUEST')],
        };
      }
      const content = bookingStatusMail(job.booking.details, job.change);
      // Confirmed: the same event again, its tentative status now confirmed; moved: its new time; else removed.
      const method = job.change === 'confirmed' || job.change === 'rescheduled' ? 'REQUEST' : 'CANCEL';
      return { to, ...content, attachments: [invitation(job.booking, method)] };
    }
    case 'reminder':
      return {
        to,
        ...bookingReminderMail(job.booking.details, job.appointmentsLink, job.unsubscribeLink),
        headers: oneClickUnsubscribe(job.unsubscribeLink),
      };
    case 'review-request':
      return {
        to,
        ...reviewRequestMail(job.booking.details, job.reviewLink, job.unsubscribeLink),
        headers: oneClickUnsubscribe(job.unsubscribeLink),
      };
    case 'salon-notice': {
      const { booking } = job;
      const customer = { name: booking.customerName, email: booking.customerEmail, phone: booking.customerPhone };
      return { to, ...salonNoticeMail(booking.details, job.change, customer, job.calendarLink) };
    }
  }
}
