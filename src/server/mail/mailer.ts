import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport, type SendMailOptions } from 'nodemailer';
import type { Config } from '@/server/env';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: string; contentType: string }[];
  /** Header fields of this message beside the usual ones (a reminder's List-Unsubscribe). */
  headers?: Record<string, string> | undefined;
  /** `<id@host>`: the same on a resend, so a mail client shows a repeated message once. */
  messageId?: string;
  /**
   * The recipient deleted their account (the cancellations of their bookings go out after it):
   * the file mailer keeps no copy of the message on the box.
   */
  keepNoCopy?: boolean;
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
      if (message.keepNoCopy) {
        log.info({ subject: message.subject }, 'mail to a deleted account: no copy kept in the outbox');
        return;
      }
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

/**
 * Every mail this server sends is written by a program, not a person: `Auto-Submitted` (RFC 3834)
 * tells mail systems so (no out-of-office replies to it, no automatic forwarding loops).
 */
const AUTOMATED = { 'Auto-Submitted': 'auto-generated' };

function toNodemailer({ keepNoCopy: _, headers, ...message }: MailMessage): SendMailOptions {
  return { ...message, headers: { ...AUTOMATED, ...headers }, text: plainTextPart(message.text) };
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

/** The recipient as an outbox file names it: bounded so that a long address cannot exceed the file system's 255-byte name limit. */
const addressInName = (to: string) =>
  to
    .toLowerCase()
    .replace(/[^a-z0-9@._-]/g, '_')
    .slice(0, 200);

/** `<time>-<to>.eml`: sorts by time in a listing, and the recipient is visible at a glance. */
function outboxName(to: string): string {
  const time = new Date().toISOString().replace(/[:.]/g, '-');
  return `${time}-${addressInName(to)}`;
}

/** `2026-11-25T16-00-00-000Z-`: the time before the address in an outbox file's name. */
const OUTBOX_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-/;

/**
 * An address whose mails are someone's: all of them, or (an address they moved away from) those
 * written until they left it and those of `messageIds` (the outbox rows about them: the notice
 * that they moved, sent just after).
 */
export interface Mailbox {
  address: string;
  until?: Date | undefined;
  messageIds?: ReadonlySet<string>;
}

/**
 * Removes the file mailer's copies of the mails sent to `mailboxes` (a deleted account's): their
 * names and contents are that person's. A file counts when its name says that address and its
 * `To:` is exactly it (two addresses can share a name once written into it), written within the
 * mailbox's time. Answers how many went; a folder never made holds none.
 */
export function forgetOutboxMailsTo(outboxDir: string, mailboxes: readonly Mailbox[]): number {
  const byName = new Map<string, Mailbox[]>();
  for (const mailbox of mailboxes) {
    if (mailbox.address === '') continue;
    const name = addressInName(mailbox.address);
    byName.set(name, [...(byName.get(name) ?? []), mailbox]);
  }
  if (byName.size === 0) return 0;
  let files: string[];
  try {
    files = readdirSync(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const file of files) {
    const time = OUTBOX_TIME.exec(file);
    if (!time) continue;
    const candidates = byName.get(file.slice(time[0].length).replace(/(?:(?:-\d+)?\.eml|\.\d+\.part)$/, ''));
    if (!candidates) continue;
    const written = new Date(
      `${time[1] ?? ''}T${time[2] ?? ''}:${time[3] ?? ''}:${time[4] ?? ''}.${time[5] ?? ''}Z`,
    ).getTime();
    const path = join(outboxDir, file);
    const head = readFileSync(path, 'utf8').split('\r\n\r\n', 1)[0] ?? '';
    const to = /^To: (.*)$/m.exec(head)?.[1]?.trim().toLowerCase();
    const messageId = /^Message-ID: <([^@>]*)@/im.exec(head)?.[1] ?? '';
    const owned = candidates.some(
      (mailbox) =>
        mailbox.address.toLowerCase() === to &&
        (mailbox.until === undefined ||
          written <= mailbox.until.getTime() ||
          mailbox.messageIds?.has(messageId) === true),
    );
    if (!owned) continue;
    rmSync(path, { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Never overwrites: two mails to one address in the same millisecond get `-2`, `-3`, ... Whole or
 * not at all: the message is written under a `.part` name and then linked to its `.eml` name, so
 * whoever lists the folder (a mail client, a developer's script, the browser tests) never reads a
 * file that is still being written. Written synchronously: the server writes from its mail thread
 * (mail-thread.ts), where waiting for a small file costs nothing and the thread pool's round trips
 * cost CPU (docs/performance.md, the durable outbox's pairs).
 */
function writeNewFile(dir: string, base: string, content: Buffer): string {
  const part = join(dir, `${base}.${String(process.pid)}.part`);
  try {
    writeFileSync(part, content);
    for (let attempt = 1; ; attempt++) {
      const file = join(dir, `${base}${attempt === 1 ? '' : `-${attempt}`}.eml`);
      try {
        linkSync(part, file);
        return file;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw error;
      }
    }
  } finally {
    rmSync(part, { force: true });
  }
}

/**
 * What a developer needs from an outbox mail without opening it: the reset link, or else the
 * verification code.
 */
function firstLinkOrCode(text: string): string | undefined {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0] ?? /(?<![\w-])\d{4}(?![\w-])/.exec(text)?.[0];
}
