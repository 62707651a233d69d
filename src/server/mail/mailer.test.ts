import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALON_NAME } from '@/shared/constants';
import { startSmtpServer, type TestSmtpServer } from '@/server/test/smtp';
import { createMailer, type Mailer } from './mailer';
import {
  accountExistsMail,
  bookingConfirmationMail,
  bookingReminderMail,
  bookingStatusMail,
  otpMail,
  passwordResetMail,
} from './templates';

const MAIL_FROM = 'Rose Beauty Salon <no-reply@salon.test>';
const RESET_LINK = `http://salon.test/reset-password/${'a1b2c3d4'.repeat(8)}`;

const root = mkdtempSync(join(tmpdir(), 'salon-mail-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
const freshOutbox = () => join(root, `outbox-${++folders}`);

interface LogLine {
  obj: object;
  msg: string;
}
const recordingLog = () => {
  const lines: LogLine[] = [];
  return { lines, log: { info: (obj: object, msg: string) => lines.push({ obj, msg }) } };
};

describe('sending mail through SMTP_URL', () => {
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  const outboxDir = freshOutbox();
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailer = createMailer({ smtpUrl: smtp.url, mailFrom: MAIL_FROM, outboxDir }, recordingLog().log);
  });
  afterAll(async () => {
    mailer.close();
    await smtp.close();
  });

  it('delivers the verification code in both the text and the HTML part, from MAIL_FROM', async () => {
    await mailer.send({ to: 'ana@example.com', ...otpMail('4821') });

    const mail = await smtp.waitForMail('ana@example.com');
    expect(mail.subject).toBe('Your verification code');
    expect(mail.from?.value).toEqual([{ address: 'no-reply@salon.test', name: 'Rose Beauty Salon' }]);
    expect(mail.text).toContain('4821');
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain('4821');
    expect(mail.html).toContain(SALON_NAME);
    expect(existsSync(outboxDir)).toBe(false);
  });

  it('delivers the password reset link unbroken, in text and as the HTML link', async () => {
    await mailer.send({ to: 'Maya.Rose@Example.com', ...passwordResetMail(RESET_LINK, 'Maya Rose') });

    const mail = await smtp.waitForMail('maya.rose@example.com');
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text?.split('\n').map((line) => line.trim())).toContain(RESET_LINK);
    expect(mail.text).toContain('1 hour');
    expect(mail.text).toContain('Hello Maya Rose,');
    expect(mail.html).toContain(`href="${RESET_LINK}"`);
  });

  it('delivers a name with accents intact next to the unbroken link', async () => {
    await mailer.send({ to: 'jose@example.com', ...passwordResetMail(RESET_LINK, 'José Núñez') });

    const mail = await smtp.waitForMail('jose@example.com');
    expect(mail.text).toContain('Hello José Núñez,');
    expect(mail.text?.split('\n').map((line) => line.trim())).toContain(RESET_LINK);
    expect(mail.html).toContain('Hello José Núñez,');
  });

  it('hands out each delivered mail once, in order of arrival', async () => {
    await mailer.send({ to: 'lee@example.com', ...otpMail('1111') });
    await mailer.send({ to: 'lee@example.com', ...otpMail('2222') });

    expect((await smtp.waitForMail('lee@example.com')).text).toContain('1111');
    expect((await smtp.waitForMail('lee@example.com')).text).toContain('2222');
    await expect(smtp.waitForMail('lee@example.com', 100)).rejects.toThrow(/No new mail to lee@example.com/);
  });

  it('delivers attachments with their name and type', async () => {
    await mailer.send({
      to: 'sam@example.com',
      subject: 'Your booking',
      text: 'See the attached calendar entry.',
      html: '<p>See the attached calendar entry.</p>',
      attachments: [
        { filename: 'booking.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar' },
      ],
    });

    const mail = await smtp.waitForMail('sam@example.com');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'booking.ics', contentType: 'text/calendar' });
    expect(mail.attachments[0]?.content.toString()).toContain('BEGIN:VCALENDAR');
  });
});

describe('writing mail to the outbox when SMTP_URL is unset', () => {
  it('writes the verification mail as an .eml named after the time and address, and logs the code', async () => {
    const outboxDir = freshOutbox();
    const { lines, log } = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: MAIL_FROM, outboxDir }, log);

    await mailer.send({ to: 'Ana.Smith+spa@Example.com', ...otpMail('0937') });
    mailer.close();

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const [file = ''] = files;
    expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-ana\.smith_spa@example\.com\.eml$/);
    const mail = await simpleParser(readFileSync(join(outboxDir, file)));
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text.toLowerCase() : '').toBe('ana.smith+spa@example.com');
    expect(mail.from?.value[0]?.address).toBe('no-reply@salon.test');
    expect(mail.text).toContain('0937');
    expect(mail.html).toContain('0937');

    expect(lines).toEqual([
      {
        msg: 'mail written to outbox',
        obj: {
          to: 'Ana.Smith+spa@Example.com',
          subject: 'Your verification code',
          outboxFile: join(outboxDir, file),
          firstLinkOrCode: '0937',
        },
      },
    ]);
  });

  it('logs the reset link, whole, for the developer to open', async () => {
    const outboxDir = freshOutbox();
    const { lines, log } = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: MAIL_FROM, outboxDir }, log);

    await mailer.send({ to: 'maya@example.com', ...passwordResetMail(RESET_LINK, 'Maya Rose') });
    mailer.close();

    expect(lines[0]?.obj).toMatchObject({ subject: 'Reset your password', firstLinkOrCode: RESET_LINK });
    const [file = ''] = readdirSync(outboxDir);
    const raw = readFileSync(join(outboxDir, file));
    // Whoever opens or searches the file itself finds the link on one line, not split by encoding.
    expect(raw.toString('utf8').split(/\r?\n/)).toContain(RESET_LINK);
    const mail = await simpleParser(raw);
    expect(mail.text).toContain(RESET_LINK);
  });

  it('keeps every mail when several go to one address at once', async () => {
    const outboxDir = freshOutbox();
    const { lines, log } = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: MAIL_FROM, outboxDir }, log);

    await Promise.all(
      ['1001', '1002', '1003', '1004'].map((code) => mailer.send({ to: 'kim@example.com', ...otpMail(code) })),
    );
    mailer.close();

    expect(readdirSync(outboxDir)).toHaveLength(4);
    const codes = await Promise.all(
      readdirSync(outboxDir).map(async (file) => (await simpleParser(readFileSync(join(outboxDir, file)))).text),
    );
    for (const code of ['1001', '1002', '1003', '1004']) {
      expect(codes.some((text) => text?.includes(code))).toBe(true);
    }
    expect(lines).toHaveLength(4);
  });

  it('logs no code when the text has neither a link nor a 4-digit number', async () => {
    const { lines, log } = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: MAIL_FROM, outboxDir: freshOutbox() }, log);

    await mailer.send({
      to: 'kim@example.com',
      subject: 'Hello',
      text: 'Open 10 to 20, 7 days (call 12345).',
      html: '<p>Hi</p>',
    });
    mailer.close();

    expect(lines[0]?.obj).toMatchObject({ firstLinkOrCode: undefined });
  });
});

describe('the mail templates', () => {
  it('say the same thing in text and HTML, in the salon name, with the subject the user sees', () => {
    const otp = otpMail('5309');
    expect(otp.subject).toBe('Your verification code');
    for (const part of [otp.text, otp.html]) {
      expect(part).toContain('5309');
      expect(part).toContain(SALON_NAME);
      expect(part).toContain('valid for 10 minutes');
      expect(part).toContain('If you did not ask for this code, you can ignore this e-mail.');
    }

    const reset = passwordResetMail(RESET_LINK, 'Maya Rose');
    expect(reset.subject).toBe('Reset your password');
    for (const part of [reset.text, reset.html]) {
      expect(part).toContain(RESET_LINK);
      expect(part).toContain('Maya Rose');
      expect(part).toContain('valid for 1 hour');
      expect(part).toContain('If you did not ask to reset your password, you can ignore this e-mail');
    }
  });

  it('tell someone signing up with a taken address to log in instead, with the login link', () => {
    const mail = accountExistsMail('http://salon.test/login');
    expect(mail.subject).toBe('You already have an account');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('http://salon.test/login');
      expect(part).toContain('You already have an account');
      expect(part).toContain(SALON_NAME);
      expect(part).toContain('If this was not you, you can ignore this e-mail');
    }
    expect(mail.text).not.toMatch(/\b\d{4}\b/);
  });

  it('show a name with HTML in it as text, never as markup', () => {
    const reset = passwordResetMail(
      'http://salon.test/reset-password/x?a=1&b="2"',
      '<img src=x onerror=alert(1)> & Co',
    );

    expect(reset.html).not.toContain('<img src=x');
    expect(reset.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(reset.html).toContain('href="http://salon.test/reset-password/x?a=1&amp;b=&quot;2&quot;"');
    expect(reset.text).toContain('Hello <img src=x onerror=alert(1)> & Co,');
  });

  it('write a booking’s day as dd/mm/yyyy with its weekday, and its times in 12 hours with AM or PM', () => {
    const details = {
      firstName: 'Rita',
      serviceName: 'Hair Colouring',
      specialistName: 'Leila Haddad',
      day: '2026-12-01',
      time: '14:30',
      price: 60,
      timeZone: 'Europe/London',
    };
    const confirmation = bookingConfirmationMail(details);
    expect(confirmation.subject).toBe('Booking received: Hair Colouring on Tuesday 01/12/2026');
    for (const part of [confirmation.text, confirmation.html]) {
      expect(part).toContain('Tuesday 01/12/2026');
      expect(part).toContain('2:30 PM (Europe/London time)');
      expect(part).not.toContain('14:30');
    }
    expect(bookingStatusMail(details, 'rescheduled').subject).toBe(
      'Booking moved: Hair Colouring on Tuesday 01/12/2026',
    );
    expect(bookingReminderMail(details, 'http://salon.test/my-appointments').subject).toBe(
      'Reminder: Hair Colouring at 2:30 PM on Tuesday 01/12/2026',
    );

    const visit = bookingConfirmationMail({
      ...details,
      time: '09:00',
      items: [
        { serviceName: 'Hair Colouring', specialistName: 'Leila Haddad', time: '09:00' },
        { serviceName: 'Haircut', specialistName: 'Anna Petrova', time: '12:40' },
      ],
    });
    expect(visit.text).toContain('Services: 9:00 AM Hair Colouring with Leila Haddad');
    expect(visit.text).toContain('  12:40 PM Haircut with Anna Petrova');
  });
});
