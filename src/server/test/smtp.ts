import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:PORT`, ready for SMTP_URL. */
  url: string;
  /** Every message received so far, in order of arrival. */
  messages: ParsedMail[];
  /**
   * Resolves with the first message to `to` (envelope recipient, any letter case) that no earlier
   * call returned, waiting for it to arrive if needed.
   */
  waitForMail(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

interface Received {
  recipients: string[];
  mail: ParsedMail;
  taken: boolean;
}

/**
 * The code a mail gives to type in (sign-up, login, e-mail change, account deletion): the first
 * four-digit word of its text, or what `pattern`'s first group catches. Throws when there is none.
 */
export function codeIn(text: string | undefined, pattern = /\b(\d{4})\b/): string {
  const code = pattern.exec(text ?? '')?.[1];
  if (!code) throw new Error(`no code in mail: ${text ?? ''}`);
  return code;
}

/**
 * A real SMTP server in this process, so tests exercise nodemailer's actual SMTP conversation and
 * MIME encoding rather than a mock. Plain text on loopback: no certificates to manage. `port`:
 * a given one (a server coming back where the app expects it); a free one otherwise.
 */
export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const received: Received[] = [];
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    // A client that never says QUIT must not hold up the end of a test file.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const recipients = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
          received.push({ recipients, mail, taken: false });
          messages.push(mail);
          callback();
          for (const waiter of [...waiters]) waiter();
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
  });

  // A client killed mid-conversation (the crash test's SIGKILL) resets its connection; smtp-server
  // reports that as an 'error' event, which would end this process if nobody listened. For a
  // receiving server it is ordinary: the message was not accepted, so the sender will retry it.
  server.on('error', () => undefined);

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  const take = (to: string): ParsedMail | undefined => {
    const entry = received.find((candidate) => !candidate.taken && candidate.recipients.includes(to));
    if (!entry) return undefined;
    entry.taken = true;
    return entry.mail;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, timeoutMs = 5000) {
      const address = to.toLowerCase();
      return new Promise<ParsedMail>((resolve, reject) => {
        const ready = take(address);
        if (ready) {
          resolve(ready);
          return;
        }
        const waiter = () => {
          const mail = take(address);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = received.map((entry) => entry.recipients.join(', ')).join('; ') || 'none';
          reject(new Error(`No new mail to ${to} arrived within ${timeoutMs} ms (recipients so far: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
