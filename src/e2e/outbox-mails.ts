// The mails the browser tests' server writes: SMTP_URL is unset there, so each one is an .eml file
// in the data folder's outbox/, its name carrying the recipient.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { inject } from 'vitest';

const outboxDir = join(inject('dataDir'), 'outbox');

/** The names of the mail files to this address, oldest first (none before the first mail). */
export function mailFilesTo(address: string): string[] {
  try {
    return readdirSync(outboxDir)
      .filter((file) => file.endsWith('.eml') && file.includes(address.toLowerCase()))
      .sort();
  } catch {
    return []; // the outbox folder appears with the first mail
  }
}

/** The mails written to this address, decoded, oldest first. */
export function mailsTo(address: string): Promise<ParsedMail[]> {
  return Promise.all(mailFilesTo(address).map((file) => simpleParser(readFileSync(join(outboxDir, file)))));
}

/** Waits up to 10 s for `pick` to find a mail among those to this address, and answers it. */
export async function waitForMail(
  address: string,
  pick: (mails: ParsedMail[]) => ParsedMail | undefined,
  what = 'the mail',
): Promise<ParsedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = pick(await mailsTo(address));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no ${what} to ${address} in ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
