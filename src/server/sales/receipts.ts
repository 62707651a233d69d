// A sale's receipt by e-mail (README "The till"), through the outbox like every mail: durable,
// retried, listed in Settings → Messages. The rows are the printed receipt's (shared/receipt.ts).
import { receiptOf } from '@/shared/receipt';
import { enqueueMail } from '@/server/outbox/enqueue';
import { InvalidFields } from '@/server/errors';
import { RECEIPTS_PER_SALE_PER_HOUR, throttle, type RateLimits } from '@/server/auth/rate-limit';
import { getSale, type TillDeps } from './sales';

/**
 * Mails a sale's receipt to `email`, or to its customer's address; where it went. A sale's receipt
 * goes out at most RECEIPTS_PER_SALE_PER_HOUR times an hour, whoever asks and to whichever address.
 */
export function sendReceipt(
  deps: Pick<TillDeps, 'db' | 'outbox'> & { limits: RateLimits },
  id: string,
  email: string | undefined,
) {
  const sale = getSale(deps.db, id);
  const to = email ?? sale.customer?.email ?? null;
  if (to === null || to === '') {
    throw new InvalidFields([{ path: 'email', message: 'Enter an e-mail address for the receipt' }]);
  }
  throttle(
    deps.limits.receiptsPerSale,
    sale._id,
    `This receipt was mailed ${String(RECEIPTS_PER_SALE_PER_HOUR)} times in the last hour.`,
  );
  enqueueMail(deps.db, to, { template: 'receipt', receipt: receiptOf(sale) });
  deps.outbox.wake();
  return { _id: sale._id, sentTo: to };
}
