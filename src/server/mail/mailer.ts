import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport, type SendMailOptions } from 'nodemailer';
import type { Config } from '@/server/env';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: string; contentType: string }[];
  /** `<id@host>`: the same on a resend, so a mail client shows a repeated message once. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>;
type MailLog = { info(obj: object, msg: string): void };

/**
 * The salon's outgoing mail: through SMTP_URL when it is set, otherwise into `.eml` files in the
 * outbox folder, so that sign-up and password reset work on a fresh install with no mail server.
 */
export function createMailer(config: MailConfig, log: MailLog): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(config, log);
}

function smtpMailer(url: string, from: string): Mailer {
  // Mail is sent while a request waits; nodemailer's defaults (minutes) would hang it on a dead
  // server. Options in the URL's query still win over these.
  const transport = createTransport(
    { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  return {
    async send(message) {
      await transport.sendMail(toNodemailer(message));
    },
    close() {
      transport.close();
    },
  };
}

function outboxMailer(config: MailConfig, log: MailLog): Mailer {
  // Renders the exact RFC 822 message an SMTP server would have received, so the file opens in
  // any mail client.
  const transport = createTransport({ streamTransport: true, buffer: true }, { from: config.mailFrom });
  // Made once, at the first mail; made again only if it has gone.
  let folderMade = false;
  return {
    async send(message) {
      const info = await transport.sendMail(toNodemailer(message));
      if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer did not return the message as a buffer');
      if (!folderMade) mkdirSync(config.outboxDir, { recursive: true });
      folderMade = true;
      let outboxFile: string;
      try {
        outboxFile = writeNewFile(config.outboxDir, outboxName(message.to), info.message);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') folderMade = false;
        throw error;
      }
      log.info(
        { to: message.to, subject: message.subject, outboxFile, firstLinkOrCode: firstLinkOrCode(message.text) },
        'mail written to outbox',
      );
    },
    close() {
      transport.close();
    },
  };
}

function toNodemailer(message: MailMessage): SendMailOptions {
  return { ...message, text: plainTextPart(message.text) };
}

/** Printable ASCII and tabs: what may go as 7bit without any encoding. */
const SEVEN_BIT_LINE = /^[\t\x20-\x7e]*$/;
const MAX_LINE_LENGTH = 998;

/**
 * nodemailer quoted-printable-encodes text with any line over 76 characters, which splits a long
 * reset link across lines of the raw message: whoever reads or searches the .eml file finds it
 * broken. RFC 5322 allows lines of up to 998 characters, so plain ASCII text goes out as 7bit,
 * untouched; anything else keeps nodemailer's own encoding.
 */
function plainTextPart(text: string): SendMailOptions['text'] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (text === '' || !lines.every((line) => line.length <= MAX_LINE_LENGTH && SEVEN_BIT_LINE.test(line))) return text;
  // `raw` (a prepared MIME part) is honoured by nodemailer for text too, but only typed for attachments.
  const part: NonNullable<SendMailOptions['attachments']>[number] = {
    raw: ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 7bit', '', ...lines].join('\r\n'),
  };
  return part;
}

/** `<time>-<to>.eml`: sorts by time in a listing, and the recipient is visible at a glance. */
function outboxName(to: string): string {
  const time = new Date().toISOString().replace(/[:.]/g, '-');
  // Bounded so that a long address cannot exceed the file system's 255-byte name limit.
  const address = to.toLowerCase().replace(/[^a-z0-9@._-]/g, '_').slice(0, 200);
  return `${time}-${address}`;
}

/**
 * Never overwrites: two mails to one address in the same millisecond get `-2`, `-3`, ... Written
 * synchronously: the server writes from its mail thread (mail-thread.ts), where waiting for a small
 * file costs nothing and the thread pool's round trips cost CPU (docs/performance.md, issue 18).
 */
function writeNewFile(dir: string, base: string, content: Buffer): string {
  for (let attempt = 1; ; attempt++) {
    const file = join(dir, `${base}${attempt === 1 ? '' : `-${attempt}`}.eml`);
    try {
      writeFileSync(file, content, { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw error;
    }
  }
}

/**
 * What a developer needs from an outbox mail without opening it: the reset link, or else the
 * verification code.
 */
function firstLinkOrCode(text: string): string | undefined {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0] ?? /(?<![\w-])\d{4}(?![\w-])/.exec(text)?.[0];
}
