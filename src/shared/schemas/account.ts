// Accounts' own profiles (a customer's My account, a staff member's Settings > Your profile) and the
// salon's public contact details (Settings > Salon details, once part of the admin's profile).
import { z } from 'zod';
import { ADDRESS_MAX_LENGTH, STAFF_ROLES } from '@/shared/constants';
import { customerBookingSchema } from './bookings';
import { reviewSchema } from './reviews';
import {
  blankToUndefined,
  boundedText,
  currentPasswordField,
  emailField,
  fullNameField,
  givenPasswordField,
  numberFromText,
  optionalImageDataField,
  otpField,
  phoneField,
  pickedFile,
  tooLongMessage,
} from './fields';

/** A map position's bounds in degrees: north or south of the equator, east or west of Greenwich. */
export const LATITUDE_LIMIT = 90;
export const LONGITUDE_LIMIT = 180;

const coordinate = (name: 'Latitude' | 'Longitude', limit: number) =>
  numberFromText(
    z
      .number(`${name} is required`)
      .min(-limit, `${name} must be between -${limit} and ${limit}`)
      .max(limit, `${name} must be between -${limit} and ${limit}`),
  );

/** A picture as every answer names it (README "For developers: the API"). */
const pictureSchema = z.object({ url: z.string() });

/** A customer's account as the client sees it (never a password hash). */
export const userAccountSchema = z
  .object({
    _id: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    avatar: pictureSchema.nullable(),
  })
  .meta({ id: 'UserAccount' });

/** The admin's account as the client sees it: the profile is also the salon's contact info. */
export const adminAccountSchema = z
  .object({
    _id: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    secondaryPhone: z.string().nullable(),
    address: z.string(),
    location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    avatar: pictureSchema.nullable(),
    /** What this account may do in the back office (shared/roles.ts). */
    role: z.enum(STAFF_ROLES),
    /** The specialist a `specialist` account is; null for the other roles. */
    specialistId: z.string().nullable(),
  })
  .meta({ id: 'AdminAccount' });

/** `GET /contact-info`: the salon's contact details, as last saved in Settings > Salon details. */
export const contactInfoSchema = z
  .object({
    address: z.string(),
    email: z.string(),
    phone: z.string(),
    secondaryPhone: z.string().nullable(),
    location: z.object({ lat: z.number(), lng: z.number() }),
  })
  .meta({ id: 'ContactInfo' });

const phoneMessage = 'Please enter a valid 10-digit phone number.';

/**
 * My account's "Download my data" (`GET /users/me/export`): what the salon keeps about the
 * customer, as JSON.
 */
export const customerDataExportSchema = z
  .object({
    /** ISO date-time of the export. */
    exportedAt: z.string(),
    profile: userAccountSchema.extend({ createdAt: z.string() }),
    bookings: z.array(customerBookingSchema),
    reviews: z.array(reviewSchema),
    /** What they paid at the salon's till, receipt by receipt (README "The till"). */
    receipts: z.array(
      z.object({
        number: z.number().int(),
        day: z.string(),
        lines: z.array(z.object({ description: z.string(), price: z.number() })),
        total: z.number(),
        tips: z.number(),
        paid: z.number(),
        refunded: z.number(),
      }),
    ),
  })
  .meta({ id: 'CustomerDataExport' });
export type CustomerDataExport = z.infer<typeof customerDataExportSchema>;

/** A customer's name and phone: at sign-up (auth.ts) and in My account, one set of rules and messages. */
export const customerProfileFields = z.object({
  fullName: fullNameField,
  phone: phoneField(phoneMessage),
});

/** What `updateProfile` (`PATCH /users/me`) receives: a new picture only when one was picked. */
export const customerProfileSchema = customerProfileFields.extend({ avatar: optionalImageDataField });
export type CustomerProfileInput = z.input<typeof customerProfileSchema>;

/** The My account form: the picture shown stays unless another is picked. */
export const customerProfileFormSchema = customerProfileFields.extend({
  avatar: pickedFile('Profile picture is required').nullable(),
});

/**
 * My account's "Change e-mail", first step (`requestEmailChange`, `POST /users/change-email/send-otp`):
 * the new address, with the sign-up's messages; a code is mailed to it.
 */
export const emailChangeRequestSchema = z.object({
  email: emailField('Please enter your email', 'Please enter a valid email address.'),
});

/**
 * The second step (`confirmEmailChange`, `POST /users/change-email`): the new address, its code, and
 * the current password (as a password change asks it), so an open session alone cannot move the account.
 */
export const emailChangeConfirmSchema = emailChangeRequestSchema.extend({
  otp: otpField,
  currentPassword: currentPasswordField,
});

/**
 * "Delete account" (`deleteAccount`, `DELETE /users/me`): the password confirms it. Missing or
 * wrong, the answer is the same.
 */
export const deleteAccountSchema = z.object({ password: givenPasswordField('Password is incorrect') });

const adminProfileFields = z.object({
  fullName: fullNameField,
  phone: phoneField(phoneMessage),
  secondaryPhone: z.preprocess(blankToUndefined, phoneField(phoneMessage).optional()),
  address: boundedText('Address is required', 'Address', ADDRESS_MAX_LENGTH),
  latitude: coordinate('Latitude', LATITUDE_LIMIT),
  longitude: coordinate('Longitude', LONGITUDE_LIMIT),
});

/**
 * The salon's public e-mail (on /contact, in mails' reply-to and the JSON-LD), which need not be
 * the admin's login e-mail.
 */
const contactEmailField = emailField('Contact email is required', 'Enter a valid email');

/**
 * What `updateProfile` (`PATCH /admin/update`, the spec's one form for the admin and the salon)
 * receives; the login e-mail is read-only, a new avatar optional once one exists, and the public
 * e-mail sent only when changed (left out, the one shown on /contact stays). The back office now
 * saves the two apart (`updateOwnProfile`, `admin.salonDetails.update`).
 */
export const adminProfileSchema = adminProfileFields.extend({
  avatar: optionalImageDataField,
  contactEmail: contactEmailField.optional(),
});
export type AdminProfileInput = z.input<typeof adminProfileSchema>;

/** Settings > Your profile: the staff member's own name and phone (the salon's are in Salon details). */
const ownProfileFields = z.object({
  fullName: fullNameField,
  phone: phoneField(phoneMessage),
});

/** What `updateOwnProfile` receives: a new picture only when one was picked. */
export const adminOwnProfileSchema = ownProfileFields.extend({ avatar: optionalImageDataField });
export type AdminOwnProfileInput = z.input<typeof adminOwnProfileSchema>;

/** The Your profile form; a picture must be chosen while the account has none. */
export const adminOwnProfileFormSchema = (hasAvatar: boolean) =>
  ownProfileFields.extend({
    avatar: hasAvatar
      ? pickedFile('Profile picture is required').nullable()
      : pickedFile('Profile picture is required'),
  });

/**
 * Limits of the address parts. Composed (shared/postal-address.ts) with their separators they fit
 * in ADDRESS_MAX_LENGTH, the limit of the one-line `address` the spec's payloads carry.
 */
export const STREET_MAX_LENGTH = 140;
export const CITY_MAX_LENGTH = 80;
export const POSTAL_CODE_MAX_LENGTH = 12;
export const COUNTRY_MAX_LENGTH = 60;

/** Letters and digits, with spaces or hyphens between (`400050`, `SW1A 1AA`, `1010-AB`); blank: none. */
const POSTAL_CODE = /^([\p{L}\d]+([ -][\p{L}\d]+)*)?$/u;

/**
 * Settings > Salon details (`admin.salonDetails.update`), the form and the procedure alike: what
 * /contact, the mails and the JSON-LD show. The postal code may stay blank (not every country has
 * one); the rest is required.
 */
export const salonDetailsSchema = z.object({
  contactEmail: contactEmailField,
  phone: phoneField(phoneMessage),
  secondaryPhone: z.preprocess(blankToUndefined, phoneField(phoneMessage).optional()),
  street: boundedText('Street and number are required', 'Street and number', STREET_MAX_LENGTH),
  city: boundedText('City is required', 'City', CITY_MAX_LENGTH),
  postalCode: z
    .string('Enter a postal code or leave it blank')
    .trim()
    .max(POSTAL_CODE_MAX_LENGTH, tooLongMessage('Postal code', POSTAL_CODE_MAX_LENGTH))
    .regex(POSTAL_CODE, 'A postal code has only letters and digits, with spaces or hyphens between'),
  country: boundedText('Country is required', 'Country', COUNTRY_MAX_LENGTH),
  latitude: coordinate('Latitude', LATITUDE_LIMIT),
  longitude: coordinate('Longitude', LONGITUDE_LIMIT),
});
export type SalonDetailsInput = z.input<typeof salonDetailsSchema>;

/**
 * `admin.salonDetails.get`: the salon's details with the address in parts (a free-text address
 * from before them is the street); null until they were first saved. Unbounded on purpose, as
 * answers are (decision 0017): a one-line address kept as the street may be longer than
 * STREET_MAX_LENGTH (up to ADDRESS_MAX_LENGTH, or more from before the limits), and it must still
 * load so the owner can split it.
 */
export const salonDetailsViewSchema = z
  .object({
    email: z.string(),
    phone: z.string(),
    secondaryPhone: z.string().nullable(),
    street: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
    location: z.object({ lat: z.number(), lng: z.number() }),
  })
  .nullable();
export type SalonDetailsView = z.infer<typeof salonDetailsViewSchema>;

/**
 * Reminder e-mails: whether the customer gets appointment reminders and review requests
 * (`customer.account.reminderMails`, `GET`/`PUT /users/me/reminder-mails`; the switch in My account).
 */
export const reminderMailsSchema = z.object({ reminderMails: z.boolean({ message: 'Choose on or off' }) });

/**
 * Nudges to rebook: whether the customer gets the e-mail that suggests booking a service again
 * (`customer.account.nudges`, `GET`/`PUT /users/me/nudges`; the switch in My account).
 */
export const nudgesSchema = z.object({ nudges: z.boolean({ message: 'Choose on or off' }) });

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid.';

/**
 * What an unsubscribe link turns off: reminders and review requests (`/unsubscribe/<token>`), or
 * the nudges to rebook alone (`/unsubscribe/<token>?mails=nudges`); one token serves both.
 */
export const UNSUBSCRIBE_MAILS = ['reminders', 'nudges'] as const;

/** The one-click unsubscribe link of a reminder, a review request or a nudge to rebook. */
export const unsubscribeSchema = z.object({
  token: z.string({ message: INVALID_UNSUBSCRIBE_LINK }).regex(/^[a-z2-7]{1,64}$/, INVALID_UNSUBSCRIBE_LINK),
  mails: z.enum(UNSUBSCRIBE_MAILS, INVALID_UNSUBSCRIBE_LINK).default('reminders'),
});
